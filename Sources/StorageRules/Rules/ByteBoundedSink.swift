import ChecklistStore

/// Passes events on to `inner` while they fit in `maxBytes` (the first always does), then
/// drops the rest: a chunk of a live subscriber's catch-up stays bounded in memory whatever
/// the size of the range the port reads.
struct ByteBoundedSink<Inner: ReplaySink>: ReplaySink {
    var inner: Inner
    let maxBytes: Int
    /// How many events were passed on, all of them before the first dropped one.
    private(set) var count = 0
    private var bytes = 0
    private var full = false

    init(inner: Inner, maxBytes: Int) {
        self.inner = inner
        self.maxBytes = maxBytes
    }

    mutating func append(_ payload: UnsafeRawBufferPointer) {
        guard !full else { return }
        guard count == 0 || bytes + payload.count <= maxBytes else {
            full = true
            return
        }
        inner.append(payload)
        bytes += payload.count
        count += 1
    }

    mutating func removeAll() {
        inner.removeAll()
        count = 0
        bytes = 0
        full = false
    }
}
