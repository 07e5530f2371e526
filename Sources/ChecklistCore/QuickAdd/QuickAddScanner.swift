import Foundation

/// What a token was taken for.
enum QuickAddField: UInt8 {
    case list, section, date, time, location, reminder, filler
}

/// The working state of one parse: the tokens, which field claimed each token, and the values
/// found so far. Each recognizer (in `QuickAddScanner+*.swift`) claims the tokens of the phrases it
/// understands; whatever is left unclaimed becomes the title.
struct QuickAddScanner {
    let units: [UInt16]
    let tokens: [QuickAddToken]
    /// The field that claimed each token, or nil while it belongs to the title.
    var owner: [QuickAddField?]
    /// Tokens inside double quotes: never parsed, always part of the title.
    var isQuoted: [Bool]

    let now: Date
    let timeZone: TimeZone
    /// The user's local date and minute of the day at `now`.
    let today: QuickAddDate
    let nowMinute: Int
    /// The index of the last word or number token (-1 when there is none).
    let lastAlnum: Int

    var list: String?
    var section: String?
    var date: QuickAddDate?
    var time: QuickAddTime?
    /// The time was a bare hour (`at 5`) whose am/pm was guessed.
    var timeIsGuessed = false
    var partOfDay: PartOfDay?
    var location: String?
    var remindEvery: Int?
    var remindBefore: Int?
    var repeatRule: RepeatRule?
    /// How a date that was only implied moves on when its time has passed today (`friday 5pm`
    /// typed on a Friday evening is next Friday); nil for a date written out (`11/27 5pm`).
    var rollover: Rollover?
    var ranges = QuickAddRanges()

    enum Rollover {
        /// Today's weekday: a week later.
        case week
        /// A repeat's first day: its next occurrence.
        case repeatRule
    }

    enum PartOfDay { case morning, afternoon, evening, night }

    init(text: String, now: Date, timeZone: TimeZone) {
        units = Array(text.utf16)
        tokens = QuickAddTokenizer.tokenize(units)
        owner = Array(repeating: nil, count: tokens.count)
        isQuoted = Array(repeating: false, count: tokens.count)
        lastAlnum = tokens.lastIndex(where: { $0.kind != .punct }) ?? -1
        self.now = now
        self.timeZone = timeZone
        let local = Int((now.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: now))).rounded(.down))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        today = QuickAddDate(dayNumber: days)
        nowMinute = (local - days * 86_400) / 60
    }

    var count: Int { tokens.count }

    // MARK: - Token tests

    /// The token exists, is not claimed and is not quoted.
    func free(_ i: Int) -> Bool {
        i >= 0 && i < tokens.count && owner[i] == nil && !isQuoted[i]
    }

    /// A free word token that spells this keyword.
    func isWord(_ i: Int, _ word: QuickAddWord) -> Bool {
        free(i) && tokens[i].lex.word == word
    }

    /// The keyword of a free word token (`.unknown` for any other word), or nil.
    func word(_ i: Int) -> QuickAddWord? {
        free(i) && tokens[i].kind == .word ? tokens[i].lex.word : nil
    }

    /// The lexicon entry of a free word token, or nil.
    func lex(_ i: Int) -> QuickAddLexeme? {
        free(i) && tokens[i].kind == .word ? tokens[i].lex : nil
    }

    /// A free word token in any of these word classes.
    func has(_ i: Int, _ classes: QuickAddLexicon.Classes) -> Bool {
        free(i) && tokens[i].kind == .word && !tokens[i].lex.classes.isDisjoint(with: classes)
    }

    func isPunct(_ i: Int, _ scalar: UInt32) -> Bool {
        free(i) && tokens[i].kind == .punct && tokens[i].scalar == scalar
    }

    func isFreePunct(_ i: Int) -> Bool { free(i) && tokens[i].kind == .punct }

    /// No whitespace between token `i - 1` and token `i`.
    func touchesPrevious(_ i: Int) -> Bool {
        i > 0 && i < tokens.count && tokens[i - 1].end == tokens[i].start
    }

    /// No whitespace between token `i` and token `i + 1`.
    func touchesNext(_ i: Int) -> Bool { touchesPrevious(i + 1) }

    /// A free number token's value, optionally limited to a digit count.
    func number(_ i: Int, digits: ClosedRange<Int> = 1...9) -> Int? {
        guard free(i), tokens[i].kind == .number, digits.contains(tokens[i].leadingDigits) else { return nil }
        return tokens[i].leadingValue
    }

    /// `12th`, `1st`, `3rd`: the day of an ordinal word, 1…31.
    func ordinal(_ i: Int) -> Int? {
        guard free(i), tokens[i].hasOrdinalSuffix, tokens[i].leadingDigits <= 2 else { return nil }
        let v = tokens[i].leadingValue
        return (1...31).contains(v) ? v : nil
    }

    /// The index after an optional free `.` that touches token `i - 1` (`Dec.`, `Fri.`).
    func skipDot(_ i: Int) -> Int { isPunct(i, 0x2E) && touchesPrevious(i) ? i + 1 : i }

    /// The text of tokens `range` as written.
    func text(_ range: Range<Int>) -> String {
        guard let first = range.first, let last = range.last else { return "" }
        return QuickAddTokenizer.string(units, tokens[first].start..<tokens[last].end)
    }

    /// The text of tokens `range` is exactly `string`.
    func textEquals(_ range: Range<Int>, _ string: String) -> Bool {
        guard let first = range.first, let last = range.last else { return string.isEmpty }
        return units[tokens[first].start..<tokens[last].end].elementsEqual(string.utf16)
    }

    func utf16Range(_ range: Range<Int>) -> QuickAddRange {
        let start = tokens[range.lowerBound].start
        return QuickAddRange(start: start, length: tokens[range.upperBound - 1].end - start)
    }

    // MARK: - Claiming

    /// Claims tokens for a field, together with brackets that enclose exactly them, and returns the
    /// UTF-16 range claimed.
    @discardableResult
    mutating func claim(_ range: Range<Int>, as field: QuickAddField) -> QuickAddRange {
        var lower = range.lowerBound, upper = range.upperBound
        if free(lower - 1), free(upper), tokens[lower - 1].kind == .punct, tokens[upper].kind == .punct,
            QuickAddLexicon.isOpenBracket(tokens[lower - 1].scalar),
            QuickAddLexicon.isCloseBracket(tokens[upper].scalar)
        {
            lower -= 1
            upper += 1
        }
        for i in lower..<upper { owner[i] = field }
        return utf16Range(lower..<upper)
    }

    // MARK: - Quotes

    /// Marks the tokens of each `"…"` or `“…”` pair, quotes included, as quoted.
    mutating func markQuotes() {
        var open: Int?
        for i in tokens.indices where tokens[i].kind == .punct {
            let s = tokens[i].scalar
            if let o = open {
                if s == 0x22 || s == 0x201D {
                    for j in o...i { isQuoted[j] = true }
                    open = nil
                }
            } else if s == 0x22 || s == 0x201C {
                open = i
            }
        }
    }
}
