import DequeModule
private import CLibWebSockets

/// Packs several queued server frames into one buffer, each with its own WebSocket header,
/// so one write (at the end of a service turn, or on WRITEABLE) hands them all to the kernel
/// in a single `send`.
///
/// Why: a subscriber that has fallen a few events behind (a burst, or a busy loop turn)
/// would otherwise cost one poll turn, one callback and one `send` syscall per frame — the
/// syscall dominated the CPU per delivered frame. The bytes on the wire are identical: a
/// sequence of complete, unmasked, unfragmented frames. They are written with
/// `LWS_WRITE_RAW` (spelled `LWS_WRITE_HTTP`: the macro aliases it), which lws passes through unframed (and buffers itself if the kernel takes
/// only part, flushing the rest before the next WRITEABLE), so the scratch buffer can be
/// reused at once. Server side only: clients must mask each frame, which lws does for them.
///
/// Service-thread confined, like the server state that owns it.
struct FrameCoalescer {
    /// Packs frames up to this many payload bytes (one frame alone may be larger: then the
    /// ordinary one-frame path is used).
    static let budget = 64 * 1024
    /// Largest WebSocket header of an unmasked frame: 2 + 8 bytes.
    static let maxHeader = 10

    private let headroom = OutboundFrame.headroom
    private var scratch: UnsafeMutablePointer<UInt8>?
    private var capacity = 0

    /// The header of one complete unmasked frame (FIN set) of `count` payload bytes.
    static func header(count: Int, binary: Bool, into out: UnsafeMutablePointer<UInt8>) -> Int {
        FrameHeader.write(opcode: binary ? 0x2 : 0x1, count: count, masked: false, into: out)
    }

    /// Whether `frame` can be packed: a whole text or binary message.
    static func isPackable(_ frame: OutboundFrame) -> Bool {
        frame.writeProtocol == LWS_WRITE_TEXT || frame.writeProtocol == LWS_WRITE_BINARY
    }

    /// Removes from `queue` the frames that fit the budget (at least two, or none) and
    /// returns them packed: a pointer with `OutboundFrame.headroom` writable bytes before it,
    /// the byte count, and the payload bytes taken (for the caller's accounting).
    mutating func pack(from queue: inout FrameQueue) -> (
        bytes: UnsafeMutablePointer<UInt8>, count: Int, payload: Int, frames: Int
    )? {
        guard queue.count >= 2, let first = queue.first, Self.isPackable(first), first.count < Self.budget else {
            return nil
        }
        ensureCapacity(Self.budget + Self.maxHeader * 64)
        let base = scratch! + headroom
        var used = 0
        var payload = 0
        var frames = 0
        while let next = queue.first, Self.isPackable(next),
            payload + next.count <= Self.budget || frames == 0,
            used + Self.maxHeader + next.count <= capacity - headroom
        {
            used += Self.header(count: next.count, binary: next.writeProtocol == LWS_WRITE_BINARY, into: base + used)
            (base + used).update(from: next.payload, count: next.count)
            used += next.count
            payload += next.count
            frames += 1
            queue.removeFirst()
        }
        return (base, used, payload, frames)
    }

    private mutating func ensureCapacity(_ bytes: Int) {
        guard capacity < headroom + bytes else { return }
        scratch?.deallocate()
        capacity = headroom + bytes
        scratch = .allocate(capacity: capacity)
    }

    /// Frees the scratch buffer (the owner calls this when it is destroyed).
    mutating func release() {
        scratch?.deallocate()
        scratch = nil
        capacity = 0
    }
}
