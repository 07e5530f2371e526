public import ChecklistClient
public import Foundation
public import WireProtocol

/// Draws the `watch` screen in place on a terminal: the alternate screen, cursor hidden,
/// each frame written from the top-left with every line cleared to its end, so nothing
/// scrolls and nothing flickers. Bursts of updates are coalesced into one frame per 40 ms;
/// a window resize (SIGWINCH) redraws at the new size.
///
/// With the keyboard (standard input a terminal) it is interactive: the terminal is put in
/// non-canonical mode without echo (Ctrl-C still interrupts), ↑↓ select an item and the other
/// keys (`WatchKey`) go to `onKey` with the selected item; `say` shows what they did.
// @unchecked Sendable: `latest`, `selection`, `message`, `scheduled` and `finished` are only
// touched on `queue`.
public final class ScreenPresenter: WatchOutput, @unchecked Sendable {
    public typealias KeyHandler = @Sendable (WatchKey, RemoteItem?, ChecklistView?) -> Void

    private let queue = DispatchQueue(label: "checkwire.screen")
    private let painter: Painter
    private let timeZone: TimeZone
    private let onKey: KeyHandler?
    private var latest: LiveUpdate?
    private var selection: WatchSelection?
    private var message: String?
    private var scheduled = false
    private var finished = false
    private var sources: [any DispatchSourceProtocol] = []
    private var savedTerminal: termios?

    /// - Parameter onKey: set to make the screen interactive (only when standard input is a
    ///   terminal; otherwise keys are not read).
    public init(painter: Painter, timeZone: TimeZone, onKey: KeyHandler? = nil) {
        self.painter = painter
        self.timeZone = timeZone
        let interactive = onKey != nil && isatty(STDIN_FILENO) == 1
        self.onKey = interactive ? onKey : nil
        selection = interactive ? WatchSelection() : nil
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
        signal(SIGWINCH, SIG_IGN)
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
        resize.setEventHandler { [weak self] in self?.draw() }
        resize.resume()
        sources.append(resize)
        if interactive { readKeys() }
    }

    public func show(_ update: LiveUpdate) {
        if case .notice(.reminder) = update.cause { write(NoticeLine.bell) }
        if case .queueSent(_, let refused) = update.cause, !refused.isEmpty { write(NoticeLine.bell) }
        queue.async { [self] in
            latest = update
            scheduleDraw()
        }
    }

    /// Shows what the last key did, until the next key.
    public func say(_ text: String) {
        queue.async { [self] in
            message = text
            scheduleDraw()
        }
    }

    public func finish() {
        queue.sync {
            finished = true
            sources.forEach { $0.cancel() }
            if var saved = savedTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
            write("\u{1B}[?25h\u{1B}[?1049l")
        }
    }

    private func scheduleDraw() {
        guard !scheduled else { return }
        scheduled = true
        queue.asyncAfter(deadline: .now() + .milliseconds(40)) { [self] in
            scheduled = false
            draw()
        }
    }

    private func draw() {
        guard !finished, let latest else { return }
        let (width, height) = TerminalCapabilities.size() ?? (80, 24)
        let screen = WatchScreen(painter: painter, dates: DateText(timeZone: timeZone), width: width, height: height)
        let lines = screen.frame(latest, selection: selection, message: message).prefix(height)
        write("\u{1B}[H" + lines.joined(separator: "\u{1B}[K\r\n") + "\u{1B}[K\u{1B}[J")
    }

    /// Non-canonical input without echo (signals stay on, so Ctrl-C still ends `watch`), read
    /// as it comes.
    private func readKeys() {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        savedTerminal = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
        input.setEventHandler { [weak self] in self?.readAvailable() }
        input.resume()
        sources.append(input)
    }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        guard count > 0 else { return }
        for key in WatchKey.decode(Array(buffer[0..<count])) { press(key) }
    }

    /// Selection keys are handled here; the others go to `onKey` with the selected item.
    private func press(_ key: WatchKey) {
        let rows = latest?.view?.rows ?? []
        switch key {
        case .up: selection?.move(-1, in: rows)
        case .down: selection?.move(1, in: rows)
        default:
            message = nil
            let index = selection?.index(in: rows)
            onKey?(key, index.map { rows[$0].item }, latest?.view)
        }
        draw()
    }

    private func write(_ text: String) {
        StandardStreams.output(text)
    }
}
