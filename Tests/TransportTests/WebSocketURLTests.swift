import Testing
@testable import Transport

@Suite("WebSocketURL")
struct WebSocketURLTests {
    @Test func plainURL() throws {
        let url = try WebSocketURL("ws://127.0.0.1:8080/ws")
        #expect(url == WebSocketURL(isSecure: false, host: "127.0.0.1", port: 8080, path: "/ws"))
        #expect(url.hostHeader == "127.0.0.1:8080")
    }

    @Test func defaultsAndQuery() throws {
        let url = try WebSocketURL("wss://example.com?token=1")
        #expect(url == WebSocketURL(isSecure: true, host: "example.com", port: 443, path: "/?token=1"))
        #expect(url.hostHeader == "example.com")
    }

    @Test func ipv6() throws {
        let url = try WebSocketURL("ws://[::1]:9000/x")
        #expect(url.host == "::1" && url.port == 9000 && url.hostHeader == "[::1]:9000")
    }

    @Test(arguments: ["http://x/ws", "ws://", "ws://host:0/", "ws://host:abc/", "ws://[::1/"])
    func invalid(text: String) {
        #expect(throws: TransportError.self) { try WebSocketURL(text) }
    }
}

extension WebSocketURL {
    init(isSecure: Bool, host: String, port: Int, path: String) {
        self = try! WebSocketURL("ws://placeholder/")
        self.isSecure = isSecure
        self.host = host
        self.port = port
        self.path = path
    }
}
