/// What a server must do with a peer's Close frame (RFC 6455 §5.5.1, §7.4), which lws 4.1 would
/// echo whatever it held.
///
/// lws echoes the Close payload in place after `LWS_CALLBACK_WS_PEER_INITIATED_CLOSE`, so the
/// answer is written into the same bytes: a code no endpoint may send (0–999, 1004–1006, 1015,
/// 1016–2999) or a one-byte payload fails the connection with 1002 (the one-byte case by
/// closing, as no code fits), and a reason that is not UTF-8 with 1007.
enum CloseCodeCheck {
    /// The value the callback returns: 0 to let lws echo `payload` (possibly rewritten), -1 to
    /// close without a Close frame.
    static func answer(_ payload: UnsafeMutableRawBufferPointer) -> Int32 {
        guard payload.count > 0 else { return 0 }  // no code at all: a plain echo is right
        guard payload.count >= 2 else { return -1 }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        if !isSendable(code) {
            write(1002, into: payload)
        } else if !isUTF8(UnsafeRawBufferPointer(rebasing: payload[2...])) {
            write(1007, into: payload)
        }
        return 0
    }

    /// Codes that fail the connection for something the peer sent (RFC 6455 §7.1.7): a
    /// protocol error, a payload that is not what it claims, a message too big.
    static func failsTheConnection(_ code: UInt16) -> Bool {
        code == 1002 || code == 1003 || code == 1007 || code == 1009
    }

    /// Codes an endpoint may put in a Close frame: 1000–1003, 1007–1014 and 3000–4999.
    static func isSendable(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    private static func write(_ code: UInt16, into payload: UnsafeMutableRawBufferPointer) {
        payload[0] = UInt8(code >> 8)
        payload[1] = UInt8(code & 0xff)
    }

    private static func isUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
