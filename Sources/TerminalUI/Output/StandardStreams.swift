import Foundation

/// Standard output and standard error, written with `write(2)`.
///
/// Why not `FileHandle.write(_:)`: it traps (`try!`) when the reader has gone, so
/// `checkwire today | head -1` ended with "Fatal error … Broken pipe" and a backtrace. A
/// closed standard output means nobody wants the rest: the command ends at once with status
/// 141 (128 + SIGPIPE), what a shell reports for any Unix tool cut off by its reader, and says
/// nothing. A closed standard error is ignored (the result on standard output still counts).
///
/// `SIGPIPE` is ignored from the start (`ignoreBrokenPipeSignal`), so the failed write comes
/// back as `EPIPE` here instead of killing the process at a moment nobody chose, which
/// libwebsockets would otherwise decide for us (it ignores the signal once a connection opens).
public enum StandardStreams {
    /// The exit status of a command whose reader closed standard output.
    public static let brokenPipeStatus: Int32 = 141

    /// Called once, first thing in `main`.
    public static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text` to standard output; ends the process quietly when nobody reads it any more.
    public static func output(_ text: String) {
        if !write(Array(text.utf8), to: STDOUT_FILENO) { readerWentAway() }
    }

    /// Writes `bytes` to standard output (`download -o -`); the same rule.
    public static func output(bytes: [UInt8]) {
        if !write(bytes, to: STDOUT_FILENO) { readerWentAway() }
    }

    /// Writes `text` to standard error; a closed standard error is not worth failing for.
    public static func error(_ text: String) {
        _ = write(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Ends the process: standard output is gone, so nothing the command could still print
    /// would reach anyone. `_exit`, not `exit`: other threads may be mid-frame, and there is no
    /// buffered output left to flush (every write here goes straight to the descriptor).
    public static func readerWentAway() -> Never {
        _exit(brokenPipeStatus)
    }

    /// Writes all of `bytes`, retrying after signals and short writes.
    /// - Returns: false when the reader has gone (`EPIPE`) or the descriptor is not writable.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written >= 0 {
                offset += written
            } else if errno == EAGAIN {
                usleep(1000)  // a non-blocking descriptor that is full: wait for the reader
            } else if errno != EINTR {
                return false
            }
        }
        return true
    }
}
