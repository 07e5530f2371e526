/// A complete message received: fragments already reassembled, size limit already enforced.
///
/// Text payloads stay raw UTF-8 bytes so the caller decodes (or parses JSON) without an extra
/// `String` round trip; the server has already validated them as UTF-8.
public enum WebSocketMessage: Sendable, Equatable {
    case text([UInt8])
    case binary([UInt8])

    /// The payload, whichever the kind.
    public var bytes: [UInt8] {
        switch self {
        case .text(let bytes), .binary(let bytes): return bytes
        }
    }

    /// The payload decoded as UTF-8 (lossy for invalid bytes), for tests and tools.
    public var utf8String: String {
        String(decoding: bytes, as: UTF8.self)
    }
}
