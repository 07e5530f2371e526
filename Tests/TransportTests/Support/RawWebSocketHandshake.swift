/// A hand-written WebSocket upgrade request, for raw-socket tests.
enum RawWebSocketHandshake {
    static func request(port: Int, path: String = "/ws", origin: String? = nil) -> String {
        var request = "GET \(path) HTTP/1.1\r\n"
        request += "Host: 127.0.0.1:\(port)\r\n"
        request += "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        request += "Sec-WebSocket-Version: 13\r\n"
        request += "Sec-WebSocket-Protocol: checkwire.v1\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        return request + "\r\n"
    }
}
