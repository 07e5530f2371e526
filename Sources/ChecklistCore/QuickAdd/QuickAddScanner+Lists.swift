/// List mentions and `List / Section`.
///
/// A list name matches ignoring case, spaces and punctuation (`cs298`, `Bio 101`, `teamphoenix`),
/// on whole tokens, longest name first. Every mention is scored by the evidence that it is meant as
/// a list, and the best one wins (the earliest on a tie):
/// - 5: `#name`, `(name)`, `[name]`, or at the very start (for a one-word, digit-free name like
///   `Work`, only when the next word is not a small function word: `Work on essay` is a title);
/// - 4: after `for`, or after `to`/`in`/`on`/`into` when followed by `list` or the end;
///   at the end after a separator (`… - Work`);
/// - 3: at the end without a separator, or after a separator, when the name is distinctive or
///   written in its canonical case;
/// - 2: anywhere, when the name is distinctive (has a digit or several words: `cs298`, `Chess Club`).
/// A common word elsewhere (`finish the work report`) is not a list.
extension QuickAddScanner {
    struct ListKey {
        var bytes: [UInt8]
        var distinctive: Bool
    }

    static func listKey(_ name: String) -> ListKey {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var words = 0, inWord = false, hasDigit = false
        for s in name.unicodeScalars {
            if QuickAddTokenizer.isLetterOrDigit(s) {
                let v = s.value
                if v < 0x80 {
                    bytes.append(UInt8(v >= 65 && v <= 90 ? v + 32 : v))
                } else {
                    var key = ""
                    QuickAddTokenizer.appendLowercased(s, to: &key)
                    bytes.append(contentsOf: key.utf8)
                }
                if QuickAddTokenizer.isDigit(s) { hasDigit = true }
                if !inWord { words += 1 }
                inWord = true
            } else if s.value != 0x27 && s.value != 0x2019 {
                inWord = false
            }
        }
        return ListKey(bytes: bytes, distinctive: hasDigit || words > 1)
    }

    /// The end (exclusive token index) of a match of `key` that starts at token `i`, or nil.
    func matchKey(_ key: [UInt8], at i: Int) -> Int? {
        guard !key.isEmpty else { return nil }
        var pos = 0
        var j = i
        while true {
            guard free(j), tokens[j].kind != .punct else { return nil }
            let tk = tokens[j].key.utf8
            guard pos + tk.count <= key.count, tk.elementsEqual(key[pos..<(pos + tk.count)]) else { return nil }
            pos += tk.count
            j += 1
            if pos == key.count { return j }
            // Step over what separates this token from the next one: whitespace only, or up to two
            // punctuation marks written without spaces (`CS-298`, `1:1s`, `7/4`), or `. ` / ` & `.
            var k = j, marks = 0
            while k < tokens.count, tokens[k].kind == .punct, marks < 3 {
                let s = tokens[k].scalar
                if QuickAddLexicon.isQuote(s) || QuickAddLexicon.isOpenBracket(s) || QuickAddLexicon.isCloseBracket(s)
                    || s == 0x2C || s == 0x23
                {
                    return nil
                }
                k += 1
                marks += 1
            }
            if marks > 2 { return nil }
            if marks > 0 {
                let s = tokens[j].scalar
                let spaced = !touchesPrevious(j) || !touchesPrevious(k)
                // `. ` and `: ` written against the word before (`St. Mary`, `Work: Q1`) and a
                // spaced `&` belong to a name; other spaced punctuation separates.
                let attached = (s == 0x2E || s == 0x3A) && touchesPrevious(j)
                if spaced && !(marks == 1 && (attached || s == 0x26)) { return nil }
            }
            j = k
        }
    }

    mutating func recognizeList(_ lists: [QuickAddList]) {
        guard !lists.isEmpty else { return }
        let keys = lists.map { Self.listKey($0.name) }
        var best: (score: Int, start: Int, end: Int, list: Int)?
        var sawWordBefore = false
        for i in tokens.indices {
            defer { if tokens[i].kind != .punct { sawWordBefore = true } }
            guard free(i), tokens[i].kind != .punct else { continue }
            var here: (end: Int, list: Int, length: Int)?
            for (li, key) in keys.enumerated() {
                if let end = matchKey(key.bytes, at: i), key.bytes.count > (here?.length ?? 0) {
                    here = (end, li, key.bytes.count)
                }
            }
            guard let h = here else { continue }
            let score = listEvidence(
                start: i, end: h.end, atStart: !sawWordBefore, key: keys[h.list],
                name: lists[h.list].name)
            if score > 0, score > (best?.score ?? 0) {
                best = (score, i, h.end, h.list)
            }
        }
        guard let b = best else { return }
        var lower = b.start, upper = b.end
        let bracketed =
            free(lower - 1) && free(upper) && tokens[lower - 1].kind == .punct && tokens[upper].kind == .punct
            && QuickAddLexicon.isOpenBracket(tokens[lower - 1].scalar)
            && QuickAddLexicon.isCloseBracket(tokens[upper].scalar)
        if isPunct(lower - 1, 0x23) && touchesPrevious(lower) {
            lower -= 1
        }  // #home
        else if bracketed, let w = word(lower - 2), w == .for || w == .to || w == .into || w == .in {
            // `for (Personal)`: the preposition goes with the bracketed list.
            lower -= 2
            upper += 1
        } else if let w = word(lower - 1), w == .for || w == .to || w == .into || w == .in || w == .on {
            if w == .for || listEvidenceAfterPreposition(end: upper) { lower -= 1 }
        }
        if isWord(upper, .list) { upper += 1 }
        list = lists[b.list].name
        ranges.list = claim(lower..<upper, as: .list)
        recognizeSection(after: upper, of: lists[b.list])
    }

    private func listEvidence(start: Int, end: Int, atStart: Bool, key: ListKey, name: String) -> Int {
        let before = start - 1
        if isPunct(before, 0x23) && touchesPrevious(start) { return 5 }
        if free(before), free(end), tokens[before].kind == .punct, tokens[end].kind == .punct,
            QuickAddLexicon.isOpenBracket(tokens[before].scalar), QuickAddLexicon.isCloseBracket(tokens[end].scalar)
        {
            return 5
        }
        let exactCase = textEquals(start..<end, name)
        if atStart {
            if key.distinctive || end >= count || tokens[end].kind == .punct { return 5 }
            if has(end, .function) { return 0 }
            return exactCase ? 5 : 4
        }
        if let w = word(before) {
            if w == .for { return 4 }
            if w == .to || w == .into || w == .in || w == .on, listEvidenceAfterPreposition(end: end) {
                return 4
            }
        }
        let separatorBefore =
            free(before) && tokens[before].kind == .punct
            && (QuickAddLexicon.isSeparator(tokens[before].scalar) || tokens[before].scalar == 0x21)
        let atEnd = onlyPunctuation(from: isWord(end, .list) ? end + 1 : end)
        if atEnd && separatorBefore { return 4 }
        if (atEnd || separatorBefore) && (key.distinctive || exactCase) { return 3 }
        if key.distinctive { return 2 }
        return 0
    }

    private func listEvidenceAfterPreposition(end: Int) -> Bool {
        isWord(end, .list) || onlyPunctuation(from: end)
    }

    /// Only punctuation (or nothing) from token `i` to the end.
    func onlyPunctuation(from i: Int) -> Bool { i > lastAlnum }

    /// `List / Section`: a known section of the list; when the list's sections are unknown, the
    /// words up to the next separator (at most four), or else one word. When they are known and
    /// none matches, there is no section and the words stay in the title.
    private mutating func recognizeSection(after end: Int, of list: QuickAddList) {
        guard isPunct(end, 0x2F) || isPunct(end, 0x3E), free(end + 1), tokens[end + 1].kind != .punct else { return }
        let start = end + 1
        var sectionEnd: Int?
        var name: String?
        for candidate in list.sections ?? [] {
            let key = Self.listKey(candidate)
            if let e = matchKey(key.bytes, at: start), e > (sectionEnd ?? 0) {
                sectionEnd = e
                name = candidate
            }
        }
        if sectionEnd == nil {
            guard list.sections == nil else { return }
            var j = start, words = 0
            while j < count, free(j), !(tokens[j].kind == .punct && QuickAddLexicon.isSeparator(tokens[j].scalar)) {
                if tokens[j].kind != .punct { words += 1 }
                j += 1
            }
            let endsAtSeparator = j < count && tokens[j].kind == .punct && QuickAddLexicon.isSeparator(tokens[j].scalar)
            sectionEnd = endsAtSeparator && words <= 4 ? j : start + 1
            while let e = sectionEnd, e > start + 1, tokens[e - 1].kind == .punct { sectionEnd = e - 1 }
            name = text(start..<sectionEnd!)
        }
        section = name
        ranges.section = claim(end..<sectionEnd!, as: .section)
    }
}
