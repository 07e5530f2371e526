import Glibc

/// Owns C memory that lws keeps pointers to for the whole life of a context: strings of the
/// creation info, the protocols array, mounts, per-vhost options, the retry policy.
///
/// Why: lws stores these pointers instead of copying them, so they must outlive
/// `lws_context_destroy`. The arena frees everything at once, after destruction.
/// Service-thread confined (created in `makeContext`, released in `contextDidDestroy`).
final class CMemoryArena {
    private var allocations: [UnsafeMutableRawPointer] = []

    /// A NUL-terminated copy of `string`.
    func cString(_ string: String) -> UnsafePointer<CChar> {
        let copy = strdup(string)!
        allocations.append(UnsafeMutableRawPointer(copy))
        return UnsafePointer(copy)
    }

    /// Zero-initialized storage for `count` values of a C struct type.
    func allocate<T>(_ type: T.Type, count: Int = 1) -> UnsafeMutablePointer<T> {
        let raw = calloc(max(count, 1), MemoryLayout<T>.stride)!
        allocations.append(raw)
        return raw.bindMemory(to: T.self, capacity: max(count, 1))
    }

    deinit {
        for allocation in allocations { free(allocation) }
    }
}
