/// The parts of a `ws://` or `wss://` URL that `lws_client_connect_info` needs.
struct WebSocketURL: Equatable {
    var isSecure: Bool
    /// Host name or address, without IPv6 brackets.
    var host: String
    var port: Int
    /// Path and query, starting with "/".
    var path: String

    /// The `Host` header value: `host[:port]`, the port omitted when it is the scheme's default.
    var hostHeader: String {
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return port == (isSecure ? 443 : 80) ? bracketed : "\(bracketed):\(port)"
    }

    init(_ string: String) throws {
        let rest: Substring
        if string.hasPrefix("ws://") {
            isSecure = false
            rest = string.dropFirst(5)
        } else if string.hasPrefix("wss://") {
            isSecure = true
            rest = string.dropFirst(6)
        } else {
            throw TransportError.invalidURL(string)
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        let remainder = rest.dropFirst(authority.count)
        path = remainder.isEmpty ? "/" : (remainder.hasPrefix("/") ? String(remainder) : "/" + remainder)
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw TransportError.invalidURL(string) }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let afterBracket = authority[authority.index(after: close)...]
            if afterBracket.hasPrefix(":") { portText = afterBracket.dropFirst() }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            portText = authority[authority.index(after: colon)...]
        } else {
            host = String(authority)
        }
        if let portText {
            guard let port = Int(portText), (1...65535).contains(port) else { throw TransportError.invalidURL(string) }
            self.port = port
        } else {
            port = isSecure ? 443 : 80
        }
        guard !host.isEmpty else { throw TransportError.invalidURL(string) }
    }
}
