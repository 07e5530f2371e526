private import CLibWebSockets
import Glibc
import Synchronization

/// lws logging is process-global: route warnings and errors to stderr, nothing chattier, and
/// never faster than `linesPerWindow` lines per `windowSeconds`.
///
/// Why the limit: at the descriptor limit lws logs `accept` failing (errno 24) on every turn
/// of its loop — megabytes a second that fill the disk and bury everything else. Past the
/// limit, lines are counted, and one line says how many were left out once the window ends.
enum LibWebSocketsLogging {
    static let linesPerWindow = 20
    static let windowSeconds = 10

    static func configureOnce() {
        _ = configured
    }

    private static let configured: Bool = {
        lws_set_log_level(
            Int32(LLL_ERR) | Int32(LLL_WARN),
            { level, line in
                guard let line else { return }
                LibWebSocketsLogging.emit(String(cString: line))
            })
        return true
    }()

    private struct Window {
        var start: Int = 0
        var printed = 0
        var suppressed = 0
    }

    private static let window = Mutex(Window())

    /// Decides, under the lock, what to print for one lws line.
    static func admit(_ line: String, now: Int) -> [String] {
        window.withLock { window in
            var out: [String] = []
            if now - window.start >= windowSeconds {
                if window.suppressed > 0 {
                    out.append(
                        "libwebsockets: \(window.suppressed) more log lines left out in the last \(now - window.start) s\n"
                    )
                }
                window = Window(start: now, printed: 0, suppressed: 0)
            }
            if window.printed < linesPerWindow {
                window.printed += 1
                out.append(line)
            } else {
                window.suppressed += 1
            }
            return out
        }
    }

    private static func emit(_ line: String) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        for text in admit(line, now: Int(now.tv_sec)) {
            let bytes = Array((text.hasSuffix("\n") ? text : text + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
