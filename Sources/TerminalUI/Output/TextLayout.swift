/// Width-aware padding and truncation for columns.
///
/// Widths count characters and skip ANSI escape sequences, so colored and plain cells
/// line up the same. (Wide East Asian characters count as one; good enough for titles in
/// the scripts Checkwire's users write, and never worse than misaligned.)
public enum TextLayout {
    public static func width(_ text: String) -> Int {
        var count = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar.properties.isAlphabetic { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else if !(0x300...0x36F).contains(scalar.value) && scalar.value != 0x200D
                && !(0xFE00...0xFE0F).contains(scalar.value)
            {
                count += 1
            }
        }
        return count
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
                guard visible < columns - 1 else { break }
                result.append(character)
                visible += 1
            }
        }
        return result + "…" + (line.contains("\u{1B}") ? "\u{1B}[0m" : "")
    }
}
