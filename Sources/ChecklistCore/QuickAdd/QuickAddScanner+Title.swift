/// The title: every token no recognizer claimed, as written.
///
/// Removed phrases leave one space behind; separators (`-`, `—`, `:`, `,`, `;`, `|`), trailing
/// punctuation and emoji are trimmed at both ends, unbalanced brackets at the ends too; a dangling
/// `and` before a removed phrase goes with it. A leading `remind me to` is dropped, as is a
/// `remind me` that only introduces a date or time. When the title is exactly one quoted part,
/// the quotes are dropped (`"Read 1984" by Friday` → `Read 1984`); otherwise quotes stay as
/// written (`read "Beloved" by Toni Morrison`).
extension QuickAddScanner {
    /// `Remind me to …` at the start, and `remind me` right before a claimed phrase or the end.
    mutating func recognizeFillers() {
        var first = 0
        while first < count, tokens[first].kind == .punct, !isQuoted[first] { first += 1 }
        for i in first..<count {
            guard has(i, .reminderVerb), isWord(i + 1, .me) else { continue }
            if i == first, isWord(i + 2, .to) || isWord(i + 2, .about) {
                claim(i..<(i + 3), as: .filler)
                continue
            }
            if isWord(i, .remind), i + 2 >= count || (!free(i + 2) && !isQuoted[i + 2]) || isFreePunct(i + 2) {
                claim(i..<(i + 2), as: .filler)
            }
        }
    }

    mutating func buildTitle() -> (String, [QuickAddRange]) {
        var kept = owner.map { $0 == nil }
        // A dangling `and`/`&` right before a removed phrase.
        for i in tokens.indices where kept[i] && !isQuoted[i] && (tokens[i].word == .and || tokens[i].scalar == 0x26) {
            if i + 1 < count, !kept[i + 1], owner[i + 1] != .list { kept[i] = false }
        }
        var lo = 0, hi = count - 1
        while lo <= hi, !kept[lo] || isTrimmable(lo, leading: true) { lo += 1 }
        while hi >= lo, !kept[hi] || isTrimmable(hi, leading: false) { hi -= 1 }
        trimUnbalancedBrackets(&lo, &hi, kept)
        guard lo <= hi else { return fallbackTitle() }

        var title: [UInt16] = []
        title.reserveCapacity(units.count)
        var pieces: [QuickAddRange] = []
        var i = lo
        while i <= hi {
            guard kept[i] else {
                i += 1
                continue
            }
            var j = i
            while j + 1 <= hi, kept[j + 1] { j += 1 }
            var start = i
            if !title.isEmpty {
                // `eggs, tomorrow, milk` → `eggs, milk`.
                if let lastUnit = title.last, QuickAddLexicon.isSeparator(UInt32(lastUnit)) {
                    while start <= j, tokens[start].kind == .punct, QuickAddLexicon.isSeparator(tokens[start].scalar) {
                        start += 1
                    }
                }
                if start <= j { title.append(0x20) }
            }
            if start <= j {
                appendCollapsingSpaces(start...j, to: &title)
                pieces.append(utf16Range(start..<(j + 1)))
            }
            i = j + 1
        }
        return (unquoted(QuickAddTokenizer.string(title, 0..<title.count)), pieces)
    }

    /// Separators, sentence punctuation and symbols (emoji) at the ends of the title.
    private func isTrimmable(_ i: Int, leading: Bool) -> Bool {
        guard tokens[i].kind == .punct, !isQuoted[i] else { return false }
        let s = tokens[i].scalar
        if QuickAddLexicon.isOpenBracket(s) || QuickAddLexicon.isCloseBracket(s) { return false }
        switch s {
        case 0x22, 0x201C, 0x201D, 0x27, 0x2018, 0x2019: return false  // quotes
        case 0x23, 0x24, 0x40, 0xA3, 0x20AC: return !leading ? s == 0x40 : false  // # $ @ £ €
        case 0x25, 0x2B: return leading  // % +
        default: return true
        }
    }

    private func trimUnbalancedBrackets(_ lo: inout Int, _ hi: inout Int, _ kept: [Bool]) {
        guard lo <= hi else { return }
        var depth = 0
        for i in lo...hi where kept[i] && tokens[i].kind == .punct && !isQuoted[i] {
            if QuickAddLexicon.isOpenBracket(tokens[i].scalar) { depth += 1 }
            if QuickAddLexicon.isCloseBracket(tokens[i].scalar) { depth -= 1 }
        }
        while lo <= hi {
            if depth > 0, tokens[lo].kind == .punct, QuickAddLexicon.isOpenBracket(tokens[lo].scalar) {
                lo += 1
                depth -= 1
            } else if depth < 0, tokens[hi].kind == .punct, QuickAddLexicon.isCloseBracket(tokens[hi].scalar) {
                hi -= 1
                depth += 1
            } else {
                return
            }
            while lo <= hi, !kept[lo] || isTrimmable(lo, leading: true) { lo += 1 }
            while hi >= lo, !kept[hi] || isTrimmable(hi, leading: false) { hi -= 1 }
        }
    }

    private func appendCollapsingSpaces(_ range: ClosedRange<Int>, to title: inout [UInt16]) {
        for i in range {
            if i > range.lowerBound, tokens[i - 1].end != tokens[i].start { title.append(0x20) }
            title.append(contentsOf: units[tokens[i].start..<tokens[i].end])
        }
    }

    /// The text inside the quotes when the title is exactly one quoted part.
    private func unquoted(_ title: String) -> String {
        let scalars = title.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, scalars.count >= 3,
            first.value == 0x22 || first.value == 0x201C, last.value == 0x22 || last.value == 0x201D
        else {
            return title
        }
        let inner = scalars.dropFirst().dropLast()
        if inner.contains(where: { QuickAddLexicon.isQuote($0.value) }) { return title }
        let text = String(String.UnicodeScalarView(inner))
        return text.isEmpty ? title : text
    }

    /// Nothing was left (the text was only a date, say): the text without its list and section.
    private func fallbackTitle() -> (String, [QuickAddRange]) {
        var title: [UInt16] = []
        var pieces: [QuickAddRange] = []
        var i = 0
        while i < count {
            guard owner[i] != .list, owner[i] != .section, tokens[i].kind != .punct || isQuoted[i] else {
                i += 1
                continue
            }
            var j = i
            while j + 1 < count, owner[j + 1] != .list, owner[j + 1] != .section { j += 1 }
            while j > i, tokens[j].kind == .punct, !isQuoted[j] { j -= 1 }
            if !title.isEmpty { title.append(0x20) }
            appendCollapsingSpaces(i...j, to: &title)
            pieces.append(utf16Range(i..<(j + 1)))
            i = j + 1
        }
        return (unquoted(QuickAddTokenizer.string(title, 0..<title.count)), pieces)
    }
}
