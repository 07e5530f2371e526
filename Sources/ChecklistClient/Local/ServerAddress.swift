import Foundation

/// Turns what a user types for `--server` into a WebSocket URL.
///
/// `127.0.0.1:8080`, `http://host:8080` and `ws://host:8080` all mean the same server, so
/// each is completed to `ws://host:8080/ws` (`https`/`wss` to `wss://`). A URL with a path
/// is kept as it is.
public enum ServerAddress {
    public static let defaultURL = "ws://127.0.0.1:8080/ws"

    public static func normalize(_ text: String) -> String {
        var value = text.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("http://") { value = "ws://" + value.dropFirst("http://".count) }
        if value.hasPrefix("https://") { value = "wss://" + value.dropFirst("https://".count) }
        if !value.hasPrefix("ws://") && !value.hasPrefix("wss://") { value = "ws://" + value }
        let schemeEnd = value.range(of: "://")!.upperBound
        let rest = value[schemeEnd...]
        if !rest.contains("/") {
            value += "/ws"
        } else if rest.hasSuffix("/") && rest.filter({ $0 == "/" }).count == 1 {
            value += "ws"
        }
        return value
    }

    /// `host:port` for messages ("alice@127.0.0.1:8080").
    public static func shortName(_ url: String) -> String {
        var value = Substring(url)
        if let range = value.range(of: "://") { value = value[range.upperBound...] }
        if let slash = value.firstIndex(of: "/") { value = value[..<slash] }
        return String(value)
    }
}
