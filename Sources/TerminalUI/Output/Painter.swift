/// Wraps text in ANSI SGR sequences when colors are on; returns it unchanged otherwise.
public struct Painter: Sendable {
    public let enabled: Bool
    /// Whether to draw bars with block characters (a terminal) or `#`/`-` (plain text).
    public let unicode: Bool

    public init(enabled: Bool, unicode: Bool? = nil) {
        self.enabled = enabled
        self.unicode = unicode ?? enabled
    }

    public init(_ capabilities: TerminalCapabilities) {
        self.init(enabled: capabilities.colors, unicode: capabilities.isTerminal)
    }

    public static let plain = Painter(enabled: false)

    public func bold(_ text: String) -> String { sgr("1", text) }
    public func dim(_ text: String) -> String { sgr("2", text) }
    public func struck(_ text: String) -> String { sgr("2;9", text) }
    public func red(_ text: String) -> String { sgr("31", text) }
    public func green(_ text: String) -> String { sgr("32", text) }
    public func yellow(_ text: String) -> String { sgr("33", text) }
    public func cyan(_ text: String) -> String { sgr("36", text) }
    public func inverse(_ text: String) -> String { sgr("7", text) }

    private func sgr(_ code: String, _ text: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
