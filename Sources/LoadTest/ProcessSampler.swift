import Foundation
import Glibc

/// CPU time and resident memory of local processes, read from `/proc/PID/stat` and
/// `/proc/PID/status` (Linux only). Several pids are summed (nginx master + workers).
public struct ProcessSample: Sendable, Codable, Equatable {
    /// User + system CPU seconds since each process started.
    public var cpuSeconds: Double
    /// Resident set size in bytes.
    public var residentBytes: Int
}

public enum ProcessSampler {
    private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// `nil` when a pid is gone or `/proc` cannot be read.
    public static func sample(_ pids: [Int32]) -> ProcessSample? {
        var total = ProcessSample(cpuSeconds: 0, residentBytes: 0)
        for pid in pids {
            guard let one = sample(pid) else { return nil }
            total.cpuSeconds += one.cpuSeconds
            total.residentBytes += one.residentBytes
        }
        return total
    }

    public static func sample(_ pid: Int32) -> ProcessSample? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let closing = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after "(comm)": state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: closing)...].split(separator: " ")
        guard fields.count > 13, let utime = Double(fields[11]), let stime = Double(fields[12]) else { return nil }
        var rss = 0
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let number = line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first
            rss = (number.flatMap { Int($0) } ?? 0) * 1024
        }
        return ProcessSample(cpuSeconds: (utime + stime) / ticksPerSecond, residentBytes: rss)
    }

    /// The most resident memory `pid` has had since it started (`VmHWM`), in bytes.
    public static func peakResidentBytes(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let number = line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first
            return number.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    /// This process's own CPU seconds (user + system), from `getrusage`.
    public static func ownCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
