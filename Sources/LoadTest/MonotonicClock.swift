import Glibc

/// Nanoseconds on `CLOCK_MONOTONIC`: cheap (vDSO), comparable across this process's threads.
public enum MonotonicClock {
    @inline(__always)
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    public static func seconds(since start: UInt64) -> Double {
        Double(now() &- start) / 1e9
    }
}
