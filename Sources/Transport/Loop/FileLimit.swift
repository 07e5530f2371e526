import Glibc

/// Raises this process's soft `RLIMIT_NOFILE` to its hard limit.
///
/// Why: libwebsockets sizes its file-descriptor table from the soft limit when a context is
/// created, so this must run before the first server or client engine starts (`checkwire
/// serve` and `checkwire bench` both call it first). A server left at a soft limit of 1,024
/// runs out of descriptors long before the machine does. The hard limit on these
/// machines is 20,000, so one process holds about 19,000 connections at most.
public enum FileLimit {
    /// - Returns: the soft limit now in force.
    @discardableResult
    public static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return Int(limit.rlim_cur)
    }
}
