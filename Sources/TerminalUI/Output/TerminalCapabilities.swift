public import Foundation

/// What the output stream can do: colors and in-place redraws only on a terminal, and
/// never when `NO_COLOR` is set (https://no-color.org) or `TERM` is `dumb`.
///
/// Why decide once, up front: every renderer takes a `Painter` built from this, so the same
/// code produces the colored screen and the plain text that scripts and pipes get.
public struct TerminalCapabilities: Sendable {
    public var isTerminal: Bool
    public var colors: Bool
    /// Columns; 0 means unlimited (not a terminal).
    public var width: Int
    public var height: Int

    public init(isTerminal: Bool, colors: Bool, width: Int = 80, height: Int = 24) {
        self.isTerminal = isTerminal
        self.colors = colors
        self.width = width
        self.height = height
    }

    /// Detects what standard output (or `fd`) is.
    public static func detect(
        fd: Int32 = STDOUT_FILENO, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TerminalCapabilities {
        let isTerminal = isatty(fd) == 1
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        // Not a terminal: no width, so pipes and files get whole lines.
        let (width, height) = size(fd: fd) ?? (isTerminal ? 80 : 0, 24)
        return TerminalCapabilities(
            isTerminal: isTerminal && !dumb, colors: isTerminal && !noColor && !dumb, width: width, height: height)
    }

    /// Columns and rows of the terminal on `fd`, if it is one.
    public static func size(fd: Int32 = STDOUT_FILENO) -> (Int, Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Plain text of unlimited width (tests, pipes).
    public static let plain = TerminalCapabilities(isTerminal: false, colors: false, width: 0, height: 40)
}
