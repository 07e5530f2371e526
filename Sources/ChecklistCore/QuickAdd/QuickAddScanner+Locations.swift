/// Locations: the place after `at`, `@` or `in`, recognized after dates and times so that
/// `at 5pm` and `in 3 days` are already taken. A place is
/// - `the`/`a`/`my`… and up to five words (`at the library`, `in the lab`), but not
///   `in the morning`, `at the latest`, `at a time`;
/// - capitalized words, numbers and `of`/`the`/`&` between them (`@ Room 204`,
///   `in Engineering 189`, `at Blue Bottle`, `at Bank of America`), or an address
///   (`at 42 Elm St`); not `in March`, `in Spanish`, `in Q3`;
/// - after `at`/`@` only, a known place word (`at home`, `at work`, `at the gym`, `at mom's`).
/// Particle verbs keep their preposition: `Look at`, `check in`, `Hand in`, `Log in to`, and
/// `@dana` (lowercase, touching) is a mention.
/// The place ends at a claimed phrase, punctuation, or a word like `to`, `for`, `and`, `tomorrow`.
extension QuickAddScanner {
    mutating func recognizeLocation() {
        for i in tokens.indices where free(i) {
            let t = tokens[i]
            let prep: String
            if t.kind == .punct {
                guard t.scalar == 0x40 else { continue }
                prep = "@"
            } else {
                guard t.word == .at || t.word == .in else { continue }
                prep = t.word == .at ? "at" : "in"
            }
            if let end = matchPlace(after: i, prep: prep) {
                location = text((i + 1)..<end)
                ranges.location = claim(i..<end, as: .location)
                return
            }
        }
    }

    private func matchPlace(after i: Int, prep: String) -> Int? {
        if has(i - 1, prep == "in" ? .takesIn : .takesAt) { return nil }
        let s = i + 1
        guard free(s), tokens[s].kind != .punct else { return nil }
        let t = tokens[s]
        if prep == "@", touchesNext(i), !t.isCapitalized, !t.lex.classes.contains(.place) { return nil }
        switch t.word {
        case .the, .a, .an, .my, .our, .his, .her, .their, .your:
            return matchDeterminedPlace(at: s, prep: prep)
        default:
            break
        }
        if t.isCapitalized || t.leadingDigits > 0 {
            return matchProperPlace(at: s, prep: prep)
        }
        if prep != "in", t.lex.classes.contains(.place) {
            return s + 1
        }
        return nil
    }

    /// `the library`, `a cafe downtown`, `my place`.
    private func matchDeterminedPlace(at s: Int, prep: String) -> Int? {
        let determiner = tokens[s].word
        if prep == "in" && (determiner == .a || determiner == .an) { return nil }
        guard let head = lex(s + 1), tokens[s + 1].leadingDigits == 0 else { return nil }
        if head.classes.contains(prep == "in" ? .notPlaceAfterInThe : .notPlaceAfterAt) { return nil }
        if head.classes.contains(.endsLocation) || isDateWord(s + 1) { return nil }
        var k = s + 1
        while k - s <= 5, let l = lex(k), !l.classes.contains(.endsLocation), k == s + 1 || !isDateWord(k) {
            k += 1
        }
        return k
    }

    /// `Room 204`, `Engineering 189`, `Blue Bottle`, `Bank of America`, `42 Elm St`, `221B Baker Street`.
    private func matchProperPlace(at s: Int, prep: String) -> Int? {
        let t = tokens[s]
        if t.kind != .number, t.leadingDigits == 0 {
            if prep == "in", t.lex.classes.contains(.notPlaceAfterIn) || t.lex.month > 0 { return nil }
            if !t.lex.classes.isDisjoint(with: [.notPlaceAfterAt, .endsLocation]) || isDateWord(s) { return nil }
        } else {
            // An address starts with a number followed by a name or a street word.
            guard free(s + 1), tokens[s + 1].kind == .word,
                tokens[s + 1].isCapitalized || tokens[s + 1].lex.classes.contains(.street),
                !isDateWord(s + 1)
            else { return nil }
        }
        var k = s + 1
        var last = s + 1
        while k < count, k - s < 7, free(k) {
            let n = tokens[k]
            if n.kind == .punct {
                // `Wells-Fargo`, `Room #5`, `St. Mary's`
                let joins =
                    (n.scalar == 0x2D || n.scalar == 0x23 || n.scalar == 0x2E) && touchesPrevious(k)
                    && free(k + 1) && tokens[k + 1].kind != .punct
                    && (n.scalar == 0x2E ? tokens[k + 1].isCapitalized : touchesNext(k))
                let ampersand = n.scalar == 0x26 && free(k + 1) && tokens[k + 1].isCapitalized  // Barnes & Noble
                guard joins || ampersand else { break }
                k += 1
                continue
            }
            if isDateWord(k) { break }
            if n.isCapitalized || n.kind == .number || n.leadingDigits > 0 {
                k += 1
                last = k
                continue
            }
            if n.lex.classes.contains(.street) {
                k += 1
                last = k
                break
            }
            // Lowercase joiners between capitalized words: Bank of America, Barnes & Noble.
            if n.word == .of || n.word == .the || n.word == .de || n.word == .la || n.word == .del || n.word == .du,
                free(k + 1), tokens[k + 1].isCapitalized
            {
                k += 1
                continue
            }
            break
        }
        return last
    }
}
