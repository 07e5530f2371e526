/// Parses the frames a server sends (unmasked, RFC 6455 §5.2) out of whatever chunks the
/// socket delivers, copying payloads in bulk.
///
/// Why: libwebsockets 4.1.6 parses each received byte through a per-byte client state
/// machine; a client receiving tens of thousands of messages a second (the load tester, a
/// long catch-up) spent two thirds of its CPU there. This reader looks at each frame header
/// once and copies the payload with `append(contentsOf:)`.
struct ServerFrameReader {
    enum Event: Equatable {
        case message(WebSocketMessage)
        case ping([UInt8])
        case pong
        /// The peer's close frame: its code and reason, `nil` when it gave none.
        case close(CloseRequest?)
    }

    enum Failure: Error, Equatable {
        /// The frame breaks the protocol (a masked server frame, a fragmented control frame…).
        case protocolError(String)
        /// The message would exceed the limit.
        case tooBig
    }

    let maxMessageSize: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// A fragmented data message being assembled, with its type.
    private var partial: [UInt8] = []
    private var partialIsBinary: Bool?

    init(maxMessageSize: Int) {
        self.maxMessageSize = maxMessageSize
    }

    /// Adds received bytes and returns every event they complete, in order.
    mutating func append(_ chunk: UnsafeRawBufferPointer) throws(Failure) -> [Event] {
        buffer.append(contentsOf: chunk)
        var events: [Event] = []
        while let event = try nextFrame() {
            if let event { events.append(event) }
        }
        // Keep only the unparsed tail, without moving bytes on every call.
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 64 * 1024 {
            buffer.removeFirst(start)
            start = 0
        }
        return events
    }

    /// The next complete frame: `nil` when more bytes are needed, `.some(nil)` for a frame
    /// that completes no event (a fragment).
    private mutating func nextFrame() throws(Failure) -> Event?? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        guard second & 0x80 == 0 else { throw .protocolError("a server frame must not be masked") }
        guard first & 0x70 == 0 else { throw .protocolError("reserved bits set without an extension") }
        var header = 2
        var length = Int(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            header = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            var value: UInt64 = 0
            for index in 0..<8 { value = value << 8 | UInt64(buffer[start + 2 + index]) }
            guard value <= UInt64(maxMessageSize) else { throw .tooBig }
            length = Int(value)
            header = 10
        }
        guard available >= header + length else { return nil }
        let payload = start + header..<start + header + length
        start += header + length
        let isFinal = first & 0x80 != 0
        let opcode = first & 0x0F
        switch opcode {
        case 0x0, 0x1, 0x2:
            return .some(try data(opcode: opcode, payload: payload, isFinal: isFinal))
        case 0x8, 0x9, 0xA:
            guard isFinal, length <= 125 else {
                throw .protocolError("control frames are single frames of at most 125 bytes")
            }
            if opcode == 0x9 { return .some(.ping(Array(buffer[payload]))) }
            if opcode == 0xA { return .some(.pong) }
            let close = buffer[payload].withUnsafeBytes { WebSocketClient.parseClosePayload($0) }
            return .some(.close(close))
        default:
            throw .protocolError("unknown opcode \(opcode)")
        }
    }

    private mutating func data(opcode: UInt8, payload: Range<Int>, isFinal: Bool) throws(Failure) -> Event? {
        if opcode == 0x0 {
            guard let isBinary = partialIsBinary else {
                throw .protocolError("a continuation frame with no message to continue")
            }
            guard partial.count + payload.count <= maxMessageSize else { throw .tooBig }
            partial.append(contentsOf: buffer[payload])
            guard isFinal else { return nil }
            defer {
                partial = []
                partialIsBinary = nil
            }
            return .message(isBinary ? .binary(partial) : .text(partial))
        }
        guard partialIsBinary == nil else { throw .protocolError("a new message began before the previous one ended") }
        guard payload.count <= maxMessageSize else { throw .tooBig }
        let isBinary = opcode == 0x2
        guard isFinal else {
            partialIsBinary = isBinary
            partial = Array(buffer[payload])
            return nil
        }
        let bytes = Array(buffer[payload])
        return .message(isBinary ? .binary(bytes) : .text(bytes))
    }
}
