private import CLibWebSockets

/// Many text messages for one connection, framed as they are appended into a few large
/// pre-framed chunks (`OutboundFrame`s written raw, like `FrameCoalescer`'s output).
///
/// Why: a replay of thousands of stored events would otherwise be thousands of separate
/// allocations, queue entries and copies on the service thread; a batch is built off it
/// (on the store thread, straight from the back end's read buffers) and queued as a handful of chunks.
/// Server side only: the frames are unmasked.
public struct FrameBatch: Sendable {
    /// A chunk is closed once it holds this many bytes (a single larger message gets a
    /// chunk of its own).
    static let chunkBudget = 64 * 1024

    public private(set) var chunks: [OutboundFrame] = []
    /// Messages appended so far.
    public private(set) var count = 0
    private var pending: [UInt8] = []

    public init() {}

    /// Appends one complete text message (the caller guarantees UTF-8).
    public mutating func appendText(_ payload: UnsafeRawBufferPointer) {
        if pending.capacity == 0 { pending.reserveCapacity(Self.chunkBudget + FrameCoalescer.maxHeader) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: FrameCoalescer.maxHeader) { header in
            let length = FrameCoalescer.header(count: payload.count, binary: false, into: header.baseAddress!)
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: header[..<length]))
        }
        pending.append(contentsOf: payload)
        count += 1
        if pending.count >= Self.chunkBudget { closeChunk() }
    }

    /// The chunks to queue, in order; the batch is empty afterwards.
    public mutating func finish() -> [OutboundFrame] {
        closeChunk()
        defer { chunks = [] }
        return chunks
    }

    public mutating func removeAll() {
        chunks = []
        pending.removeAll(keepingCapacity: true)
        count = 0
    }

    private mutating func closeChunk() {
        guard !pending.isEmpty else { return }
        chunks.append(OutboundFrame(pending, writeProtocol: LWS_WRITE_HTTP))  // = LWS_WRITE_RAW
        pending.removeAll(keepingCapacity: true)
    }
}
