public import Foundation

/// Where a command writes: results to standard output, notes and errors to standard error,
/// so `--json` output on stdout is never mixed with words meant for people.
public struct Console: Sendable {
    public let json: Bool
    public let capabilities: TerminalCapabilities
    public let painter: Painter
    /// Painter for standard error (its own terminal check).
    public let errorPainter: Painter

    public init(
        json: Bool, capabilities: TerminalCapabilities = .detect(),
        errorCapabilities: TerminalCapabilities = .detect(fd: STDERR_FILENO)
    ) {
        self.json = json
        self.capabilities = capabilities
        painter = json ? .plain : Painter(capabilities)
        errorPainter = Painter(enabled: errorCapabilities.colors)
    }

    public func print(_ text: String) {
        write(text + "\n", to: FileHandle.standardOutput)
    }

    public func print(json value: JSONOutput) {
        write(value.text + "\n", to: FileHandle.standardOutput)
    }

    /// A note for people on standard error ("Sent 2 queued edits").
    public func note(_ text: String) {
        write(text + "\n", to: FileHandle.standardError)
    }

    public func write(raw text: String) {
        write(text, to: FileHandle.standardOutput)
    }

    private func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
