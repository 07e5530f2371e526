public import ChecklistClient
public import Foundation

/// Draws the `watch` screen in place on a terminal: the alternate screen, cursor hidden,
/// each frame written from the top-left with every line cleared to its end, so nothing
/// scrolls and nothing flickers. Bursts of updates are coalesced into one frame per 40 ms;
/// a window resize (SIGWINCH) redraws at the new size.
// @unchecked Sendable: `latest`, `scheduled` and `finished` are only touched on `queue`.
public final class ScreenPresenter: WatchOutput, @unchecked Sendable {
    private let queue = DispatchQueue(label: "checkwire.screen")
    private let painter: Painter
    private let timeZone: TimeZone
    private var latest: LiveUpdate?
    private var scheduled = false
    private var finished = false
    private var resize: DispatchSourceSignal?

    public init(painter: Painter, timeZone: TimeZone) {
        self.painter = painter
        self.timeZone = timeZone
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
        signal(SIGWINCH, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
        source.setEventHandler { [weak self] in self?.draw() }
        source.resume()
        resize = source
    }

    public func show(_ update: LiveUpdate) {
        if case .notice(.reminder) = update.cause { write(NoticeLine.bell) }
        if case .queueSent(_, let refused) = update.cause, !refused.isEmpty { write(NoticeLine.bell) }
        queue.async { [self] in
            latest = update
            guard !scheduled else { return }
            scheduled = true
            queue.asyncAfter(deadline: .now() + .milliseconds(40)) { [self] in
                scheduled = false
                draw()
            }
        }
    }

    public func finish() {
        queue.sync {
            finished = true
            resize?.cancel()
            write("\u{1B}[?25h\u{1B}[?1049l")
        }
    }

    private func draw() {
        guard !finished, let latest else { return }
        let (width, height) = TerminalCapabilities.size() ?? (80, 24)
        let screen = WatchScreen(painter: painter, dates: DateText(timeZone: timeZone), width: width, height: height)
        let lines = screen.frame(latest).prefix(height)
        write("\u{1B}[H" + lines.joined(separator: "\u{1B}[K\r\n") + "\u{1B}[K\u{1B}[J")
    }

    private func write(_ text: String) {
        StandardStreams.output(text)
    }
}
