import ChecklistClient
import Foundation

/// Reads a password without echoing it: from the controlling terminal with echo turned
/// off, or, for scripts, the first line of standard input (`--password-stdin`).
///
/// Why `/dev/tty` rather than standard input: `checkwire login alice < something` must not
/// silently read a password from a file, and the prompt must reach the user even when
/// standard output is redirected.
public enum PasswordReader {
    public static func fromStandardInput() throws -> String {
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw ClientError.invalidInput("--password-stdin: standard input held no password")
        }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }

    public static func prompt(_ prompt: String) throws -> String {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            throw ClientError.invalidInput("no terminal to read the password from; pipe it in with --password-stdin")
        }
        defer { close(fd) }
        var original = termios()
        let hasTermios = tcgetattr(fd, &original) == 0
        if hasTermios {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            silent.c_lflag |= tcflag_t(ECHONL)
            tcsetattr(fd, TCSAFLUSH, &silent)
        }
        defer { if hasTermios { tcsetattr(fd, TCSAFLUSH, &original) } }
        _ = prompt.withCString { write(fd, $0, strlen($0)) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            if byte != UInt8(ascii: "\r") { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
