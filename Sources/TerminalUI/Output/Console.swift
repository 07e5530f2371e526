public import Foundation

/// Where a command writes: results to standard output, notes and errors to standard error,
/// so `--json` output on stdout is never mixed with words meant for people.
public struct Console: Sendable {
    public let json: Bool
    public let capabilities: TerminalCapabilities
    public let painter: Painter
    /// Painter for standard error (its own terminal check).
    public let errorPainter: Painter
    /// Whether standard error is a terminal: a note written there is read by a person now.
    public let errorIsTerminal: Bool

    public init(
        json: Bool, capabilities: TerminalCapabilities = .detect(),
        errorCapabilities: TerminalCapabilities = .detect(fd: STDERR_FILENO)
    ) {
        self.json = json
        self.capabilities = capabilities
        painter = json ? .plain : Painter(capabilities)
        errorPainter = Painter(enabled: errorCapabilities.colors)
        errorIsTerminal = errorCapabilities.isTerminal
    }

    /// A line on standard output. When nobody reads it any more (`| head -1`), the command
    /// ends quietly there (`StandardStreams`).
    public func print(_ text: String) {
        StandardStreams.output(text + "\n")
    }

    public func print(json value: JSONOutput) {
        StandardStreams.output(value.text + "\n")
    }

    /// A note for people on standard error ("Sent 2 queued edits").
    public func note(_ text: String) {
        StandardStreams.error(text + "\n")
    }

    public func write(raw text: String) {
        StandardStreams.output(text)
    }
}
