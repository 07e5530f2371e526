import Foundation

/// The encodings a mail needs to cross any relay in 7 bits: RFC 2047 encoded words for
/// non-ASCII header text, quoted-printable (RFC 2045 §6.7) for a body that is not plain short
/// ASCII lines, header folding (RFC 5322 §2.2.3), and the `Date:` form.
///
/// Why by hand: Foundation has none of them, and they are short and exactly specified; the
/// tests read every message back with Python's `email` package, an independent parser.
enum MailEncoding {
    /// Header text as is when it is printable ASCII, else as `=?utf-8?B?…?=` words, never
    /// splitting a character, each short enough that its line stays within the 76 characters
    /// RFC 2047 allows: the first shares its line with the field's name (`prefix` characters,
    /// `"Subject: "`), the others start a folded line of their own. Line breaks become spaces.
    static func headerText(_ text: String, prefix: Int = 0) -> String {
        let flat = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ")
        let isPlain = flat.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7f }
        // An ASCII text that looks like an encoded word must be encoded too, or a reader decodes it.
        if isPlain, !flat.contains("=?") { return flat }
        // A word (at most 75 characters) is `=?utf-8?B?` + base64 + `?=`: 12 around 4 per 3 bytes.
        func bytesFitting(_ columns: Int) -> Int { max(3, (columns - 12) / 4 * 3) }
        var words: [String] = []
        var chunk: [UInt8] = []
        var limit = bytesFitting(min(75, 76 - prefix))
        for character in flat {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > limit, !chunk.isEmpty {
                words.append(encodedWord(chunk))
                chunk = []
                limit = bytesFitting(75)
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(encodedWord(chunk)) }
        return words.joined(separator: " ")
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String {
        "=?utf-8?B?" + Data(bytes).base64EncodedString() + "?="
    }

    /// `Name <address>`: the name as a quoted string when ASCII, an encoded word otherwise.
    static func mailbox(_ mailbox: Mailbox) -> String {
        guard let name = mailbox.name, !name.isEmpty else { return mailbox.address.description }
        let isPlain = name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7f }
        let shown =
            isPlain && !name.contains("=?")
            ? "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
            : headerText(name, prefix: "From: ".count)
        return "\(shown) <\(mailbox.address)>"
    }

    /// One header field, folded before a space so no line is over 78 characters (76 for
    /// encoded words), ended by CRLF. The first word stays on the field name's line.
    static func folded(_ field: String) -> String {
        var lines: [String] = []
        var current = ""
        for word in field.split(separator: " ", omittingEmptySubsequences: false) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count > 78, current.contains(" ") || !lines.isEmpty {
                lines.append(current)
                current = " " + word
            } else {
                current += " " + word
            }
        }
        lines.append(current)
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The body with CRLF line ends and its `Content-Transfer-Encoding`: `7bit` for ASCII
    /// lines of at most 998 octets, `quoted-printable` otherwise.
    static func body(_ text: String) -> (encoding: String, bytes: [UInt8]) {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let lines = normalized.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        let isPlain = lines.allSatisfy { line in
            line.count <= 998 && line.allSatisfy { ($0 >= 0x20 && $0 < 0x7f) || $0 == 0x09 }
        }
        if isPlain {
            return (
                "7bit",
                Array(lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\r\n").utf8) + [13, 10]
            )
        }
        var out: [UInt8] = []
        for line in lines {
            out += quotedPrintable(line)
            out += [13, 10]
        }
        return ("quoted-printable", out)
    }

    /// One line in quoted-printable: `=XX` for `=`, non-ASCII and control bytes and for a
    /// space or tab at the end; soft breaks (`=` CRLF) keep each encoded line at 76 or less.
    static func quotedPrintable(_ line: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        var width = 0
        for (index, byte) in line.enumerated() {
            let isLast = index == line.count - 1
            let literal = (byte >= 33 && byte <= 126 && byte != 61) || ((byte == 32 || byte == 9) && !isLast)
            let piece: [UInt8] = literal ? [byte] : [61, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            // Room for the piece and, unless it ends the line, a soft break's `=`.
            if width + piece.count > (isLast ? 76 : 75) {
                out += [61, 13, 10]
                width = 0
            }
            out += piece
            width += piece.count
        }
        return out
    }

    /// `Tue, 01 Dec 2026 09:00:00 +0000` (RFC 5322 §3.3), in UTC.
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
