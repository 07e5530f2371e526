/// The header of one complete WebSocket frame (FIN set; RFC 6455 §5.2), shared by the
/// server's packed frames (unmasked) and the bulk client's frames (masked).
enum FrameHeader {
    /// Largest header: 2 bytes, 8 of extended length, 4 of masking key.
    static let maxCount = 14

    /// Writes the header for `count` payload bytes with `opcode` into `out`, with the mask
    /// bit set when `masked` (the caller appends the key); returns the bytes written.
    static func write(opcode: UInt8, count: Int, masked: Bool, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let maskBit: UInt8 = masked ? 0x80 : 0
        out[0] = 0x80 | opcode
        if count < 126 {
            out[1] = maskBit | UInt8(count)
            return 2
        }
        if count <= 0xFFFF {
            out[1] = maskBit | 126
            out[2] = UInt8(count >> 8)
            out[3] = UInt8(count & 0xFF)
            return 4
        }
        out[1] = maskBit | 127
        for index in 0..<8 { out[2 + index] = UInt8((UInt64(count) >> (56 - 8 * UInt64(index))) & 0xFF) }
        return 10
    }
}
