import Histogram

/// Percentiles of one latency histogram, in milliseconds, as reported.
public struct LatencySummary: Sendable, Codable, Equatable {
    public var count: UInt64
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var p999: Double
    public var max: Double
    public var mean: Double

    public static let empty = LatencySummary(count: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0, mean: 0)
}

/// An HdrHistogram of nanosecond latencies (1 µs … 1 h, 3 significant digits).
struct LatencyRecorder {
    private(set) var histogram = Histogram<UInt64>(
        lowestDiscernibleValue: 1_000, highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three
    )

    @inline(__always)
    mutating func record(nanoseconds: UInt64) {
        _ = histogram.record(Swift.min(Swift.max(nanoseconds, 1_000), 3_600_000_000_000))
    }

    mutating func add(_ other: LatencyRecorder) { histogram.add(other.histogram) }

    var count: UInt64 { histogram.totalCount }

    var summary: LatencySummary {
        guard histogram.totalCount > 0 else { return .empty }
        func ms(_ value: UInt64) -> Double { (Double(value) / 1e6 * 1000).rounded() / 1000 }
        return LatencySummary(
            count: histogram.totalCount,
            p50: ms(histogram.valueAtPercentile(50)),
            p90: ms(histogram.valueAtPercentile(90)),
            p99: ms(histogram.valueAtPercentile(99)),
            p999: ms(histogram.valueAtPercentile(99.9)),
            max: ms(histogram.max),
            mean: (histogram.mean / 1e6 * 1000).rounded() / 1000
        )
    }
}
