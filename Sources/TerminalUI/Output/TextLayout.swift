/// Width-aware padding and truncation for columns.
///
/// Widths count terminal columns and skip ANSI escape sequences, so colored and plain cells
/// line up the same: emoji shown as emoji (`⏰`, `📎`) and East Asian wide characters take two
/// columns, combining marks and joiners none. A line one column too wide wraps and scrolls the
/// whole `watch` screen, so this must agree with the terminal.
public enum TextLayout {
    public static func width(_ text: String) -> Int {
        var count = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar.properties.isAlphabetic { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                count += columns(scalar)
            }
        }
        return count
    }

    /// Columns one scalar takes: 0 for combining marks, joiners and variation selectors, 2 for
    /// wide ones, else 1.
    static func columns(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if (0x300...0x36F).contains(value) || value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// `text` cut to `limit` characters with an ellipsis (plain text only).
    public static func truncate(_ text: String, to limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard text.count > limit else { return text }
        return String(text.prefix(max(0, limit - 1))) + "…"
    }

    /// Pads (possibly colored) `text` with spaces to `columns`.
    public static func pad(_ text: String, to columns: Int) -> String {
        let missing = columns - width(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// Cuts a line that may hold ANSI sequences to `columns` visible characters.
    public static func clip(_ line: String, to columns: Int) -> String {
        guard width(line) > columns else { return line }
        var result = ""
        var visible = 0
        var inEscape = false
        for character in line {
            if inEscape {
                result.append(character)
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
                result.append(character)
            } else {
                let wide = character.unicodeScalars.reduce(0) { $0 + Self.columns($1) }
                guard visible + wide <= columns - 1 else { break }
                result.append(character)
                visible += wide
            }
        }
        return result + "…" + (line.contains("\u{1B}") ? "\u{1B}[0m" : "")
    }
}
