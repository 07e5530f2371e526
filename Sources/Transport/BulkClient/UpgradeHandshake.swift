private import COpenSSL

/// The HTTP/1.1 upgrade a bulk-framing client sends, and the check of the server's answer.
struct UpgradeHandshake {
    let key: String

    init() {
        var generator = SystemRandomNumberGenerator()
        let nonce = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        key = Self.base64(nonce)
    }

    /// A handshake with a given key (tests check the accept value against RFC 6455's example).
    init(key: String) {
        self.key = key
    }

    func request(path: String, host: String, subprotocol: String?, origin: String?) -> [UInt8] {
        var text = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        text += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        if let subprotocol { text += "Sec-WebSocket-Protocol: \(subprotocol)\r\n" }
        if let origin { text += "Origin: \(origin)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// The `Sec-WebSocket-Accept` the server must answer with (RFC 6455 §4.2.2).
    var expectedAccept: String {
        let input = Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)
        var digest = [UInt8](repeating: 0, count: 20)
        _ = input.withUnsafeBufferPointer { SHA1($0.baseAddress, $0.count, &digest) }
        return Self.base64(digest)
    }

    /// Checks the response head (up to the blank line): `nil` when it accepts the upgrade,
    /// else why not.
    func problem(with head: String) -> String? {
        let lines = head.split(separator: "\r\n")
        guard let status = lines.first, status.hasPrefix("HTTP/1.1 101") else {
            return "the server refused the upgrade: \(lines.first ?? "")"
        }
        let accept = lines.dropFirst().first { $0.lowercased().hasPrefix("sec-websocket-accept:") }
        let value = accept?.split(separator: ":", maxSplits: 1).last.map { $0.filter { $0 != " " && $0 != "\t" } }
        guard value == expectedAccept else { return "the server's Sec-WebSocket-Accept does not match" }
        return nil
    }

    /// Standard base64 with padding, by libcrypto (already linked for SHA-1).
    static func base64(_ bytes: [UInt8]) -> String {
        var out = [UInt8](repeating: 0, count: (bytes.count + 2) / 3 * 4 + 1)
        let written = EVP_EncodeBlock(&out, bytes, Int32(bytes.count))
        return String(decoding: out.prefix(Int(written)), as: UTF8.self)
    }
}
