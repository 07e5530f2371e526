public import ChecklistCore
public import Foundation

/// Measures how many quick-add lines the parser handles per second, over a set of texts,
/// in CPU time of the calling thread so that other load on a shared machine does not skew
/// the figure (wall time is reported too).
public struct QuickAddBenchmark: Sendable {
    public struct Result: Sendable {
        public var parses: Int
        public var wallSeconds: Double
        public var cpuSeconds: Double
        public var parsesPerCPUSecond: Int { cpuSeconds > 0 ? Int(Double(parses) / cpuSeconds) : 0 }
        public var parsesPerWallSecond: Int { wallSeconds > 0 ? Int(Double(parses) / wallSeconds) : 0 }
    }

    public var texts: [String]
    public var lists: [QuickAddList]
    public var now: Date
    public var timeZone: TimeZone

    public init(texts: [String], lists: [QuickAddList], now: Date, timeZone: TimeZone) {
        self.texts = texts
        self.lists = lists
        self.now = now
        self.timeZone = timeZone
    }

    /// Parses the texts round after round for about `seconds` (after a short warm-up).
    public func run(seconds: Double) -> Result {
        let parser = QuickAddParser()
        _ = measure(parser, seconds: min(0.2, seconds))
        return measure(parser, seconds: seconds)
    }

    private func measure(_ parser: QuickAddParser, seconds: Double) -> Result {
        let cpuStart = Self.threadCPUSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        var parses = 0
        var checksum = 0
        var elapsed = 0.0
        while elapsed < seconds, !texts.isEmpty {
            for text in texts {
                checksum &+= parser.parse(text, lists: lists, now: now, timeZone: timeZone).title.utf8.count
            }
            parses += texts.count
            let duration = clock.now - start
            elapsed = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        precondition(checksum >= 0 || parses == 0)
        return Result(parses: parses, wallSeconds: elapsed, cpuSeconds: Self.threadCPUSeconds() - cpuStart)
    }

    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
