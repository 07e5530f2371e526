import ArgumentParser
import TerminalUI
import Foundation
import LoadTest

/// `checkwire bench`: drives a Checkwire server (or nginx + nchan, for comparison) through
/// the real protocol with many connections from this one process, checks that every
/// subscriber got every event exactly once and in order, and reports what it measured.
struct Bench: AsyncParsableCommand {
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

    func run() async throws {
        let configuration = try options.benchConfiguration()
        let runner = BenchRunner(configuration: configuration)
        let report = try await runner.run { line in StandardStreams.error(line + "\n") }
        let output = options.json ? try report.json() : report.table
        StandardStreams.output(output + "\n")
        if options.strict, !report.verification.passed { throw ExitCode(2) }
    }
}
