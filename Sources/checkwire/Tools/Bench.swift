import ArgumentParser
import Dispatch
import Foundation
import LoadTest

/// `checkwire bench`: drives a Checkwire server (or nginx + nchan, for comparison) through
/// the real protocol with many connections from this one process, checks that every
/// subscriber got every event exactly once and in order, and reports what it measured.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load-test broadcast fan-out: latency, throughput, connections, memory.",
        discussion: """
            Scenarios: fanout (one list, N subscribers, W writers), lists (many lists with their \
            own subscribers), reconnect (subscribers drop, writers go on, all reconnect at once \
            and resume by since; with --serve BIN the bench restarts the server instead and \
            every client comes back on its own reconnect schedule), idle (N connections held \
            open). Every run is bounded by --subscribers, --edits, --duration and --timeout. \
            Give --server-pid for a local server to report its CPU per delivery and memory, or \
            --serve to have the bench start the server itself.
            """
    )

    @OptionGroup var options: BenchOptions

    func run() throws {
        let configuration = try options.benchConfiguration()
        let runner = BenchRunner(configuration: configuration)
        let report = try BlockingTask.run {
            try await runner.run { line in
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
        }
        let output = options.json ? try report.json() : report.table
        FileHandle.standardOutput.write(Data((output + "\n").utf8))
        if options.strict, !report.verification.passed { throw ExitCode(2) }
    }
}

/// Runs async work to completion from a synchronous command (the root command is not async).
enum BlockingTask {
    static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = ResultSlot<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { outcome.value = .success(try await work()) } catch { outcome.value = .failure(error) }
            done.signal()
        }
        done.wait()
        return try outcome.value!.get()
    }
}

/// One result handed from the task to the waiting thread; the semaphore orders the write
/// before the read, which is why it may be `@unchecked Sendable`.
private final class ResultSlot<T: Sendable>: @unchecked Sendable {
    var value: Result<T, any Error>?
}
