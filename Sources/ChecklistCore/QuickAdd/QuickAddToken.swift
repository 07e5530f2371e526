/// One token of quick-add text: a word (letters, possibly with digits and inner apostrophes), a
/// number (ASCII digits only) or a single punctuation or symbol character. Whitespace separates
/// tokens and is not a token. Offsets are UTF-16 code units.
struct QuickAddToken {
    enum Kind: UInt8 { case word, number, punct }

    var kind: Kind
    var start: Int
    var end: Int
    /// Words and numbers: lowercased, apostrophes dropped (`Mother's` → `mothers`).
    /// Punctuation: the character itself.
    var key: String
    /// Punctuation: the Unicode scalar value; 0 otherwise.
    var scalar: UInt32
    /// The first character is an uppercase letter.
    var isCapitalized: Bool
    var hasApostrophe: Bool
    /// The value of the leading ASCII digits (`12` in `12th`, `5` in `5pm`), or -1 when none.
    /// Capped at 1,000,000,000.
    var leadingValue: Int
    var leadingDigits: Int
    /// What the lexicon knows about a word token (empty for numbers, punctuation and words
    /// that start with digits).
    var lex: QuickAddLexeme = .empty
    /// Words that start with digits: the suffix read as a unit (`30min`), am/pm (`5pm`), or an
    /// ordinal ending (`12th`).
    var suffixUnit: QuickAddLexicon.Unit?
    var suffixMeridiem: Bool?
    var hasOrdinalSuffix = false

    var word: QuickAddWord { lex.word }

    var isAlnum: Bool { kind != .punct }

    /// What follows the leading digits: `th` in `12th`, `pm` in `5pm`.
    var suffix: Substring { key.dropFirst(leadingDigits) }

    /// The numeric value of a number token, or nil.
    var number: Int? { kind == .number ? leadingValue : nil }
}

/// Splits text into `QuickAddToken`s in one pass over its UTF-16 code units.
enum QuickAddTokenizer {
    static func tokenize(_ units: [UInt16]) -> [QuickAddToken] {
        var tokens: [QuickAddToken] = []
        tokens.reserveCapacity(units.count / 3 + 2)
        let n = units.count
        var i = 0
        while i < n {
            let (scalar, width) = decode(units, at: i)
            if isSpace(scalar) {
                i += width
                continue
            }
            if isLetterOrDigit(scalar) {
                let start = i
                var allDigits = true, allASCII = true
                var leadingValue = 0, leadingDigits = 0, inLeadingDigits = true
                var hasApostrophe = false
                let capitalized = isUppercase(scalar)
                var previousWasLetter = false
                while i < n {
                    let (s, w) = decode(units, at: i)
                    if isLetterOrDigit(s) {
                        let digit = isDigit(s)
                        if digit, inLeadingDigits {
                            leadingDigits += 1
                            if leadingValue < 100_000_000 {
                                leadingValue = leadingValue * 10 + Int(s.value - 48)
                            } else {
                                leadingValue = 1_000_000_000
                            }
                        } else {
                            inLeadingDigits = false
                        }
                        if !digit { allDigits = false }
                        if s.value >= 0x80 { allASCII = false }
                        previousWasLetter = !digit
                        i += w
                    } else if (s.value == 0x27 || s.value == 0x2019), previousWasLetter, i + w < n,
                        isLetter(decode(units, at: i + w).0)
                    {
                        hasApostrophe = true
                        previousWasLetter = false
                        i += w
                    } else {
                        break
                    }
                }
                let key = allASCII ? asciiKey(units, start..<i) : unicodeKey(units, start..<i)
                var token = QuickAddToken(
                    kind: allDigits ? .number : .word, start: start, end: i, key: key, scalar: 0,
                    isCapitalized: capitalized, hasApostrophe: hasApostrophe,
                    leadingValue: leadingDigits > 0 ? leadingValue : -1, leadingDigits: leadingDigits)
                if !allDigits {
                    if leadingDigits == 0 {
                        token.lex = QuickAddLexicon.lexeme(key)
                    } else {
                        let suffix = token.suffix
                        switch suffix {
                        case "am", "a": token.suffixMeridiem = false
                        case "pm", "p": token.suffixMeridiem = true
                        case "st", "nd", "rd", "th": token.hasOrdinalSuffix = true
                        default: token.suffixUnit = QuickAddLexicon.unit(suffix: suffix)
                        }
                    }
                }
                tokens.append(token)
                continue
            }
            tokens.append(
                QuickAddToken(
                    kind: .punct, start: i, end: i + width, key: String(Character(scalar)),
                    scalar: scalar.value, isCapitalized: false, hasApostrophe: false,
                    leadingValue: -1, leadingDigits: 0))
            i += width
        }
        return tokens
    }

    /// Lowercased ASCII letters and digits of `range`, apostrophes dropped.
    static func asciiKey(_ units: [UInt16], _ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { buffer in
            var n = 0
            for i in range {
                let u = units[i]
                if u == 0x27 || u == 0x2019 { continue }
                buffer[n] = UInt8(truncatingIfNeeded: u >= 65 && u <= 90 ? u + 32 : u)
                n += 1
            }
            return n
        }
    }

    static func unicodeKey(_ units: [UInt16], _ range: Range<Int>) -> String {
        var key = ""
        var i = range.lowerBound
        while i < range.upperBound {
            let (s, w) = decode(units, at: i)
            if s.value != 0x27 && s.value != 0x2019 { appendLowercased(s, to: &key) }
            i += w
        }
        return key
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return v == 32 || (v >= 9 && v <= 13) }
        return v == 0x200B || v == 0xFEFF || s.properties.isWhitespace
    }

    /// UTF-16 code units to a `String`, transcoding by hand (much faster than the generic decoder).
    static func string(_ units: [UInt16], _ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count * 3) { buffer in
            var n = 0
            var i = range.lowerBound
            while i < range.upperBound {
                let u = units[i]
                if u < 0x80 {
                    buffer[n] = UInt8(u)
                    n += 1
                    i += 1
                    continue
                }
                let (s, w) = decode(units, at: i)
                for byte in UTF8.encode(s)! {
                    buffer[n] = byte
                    n += 1
                }
                i += w
            }
            return n
        }
    }

    static func decode(_ units: [UInt16], at i: Int) -> (Unicode.Scalar, Int) {
        let u = units[i]
        if u < 0xD800 || u > 0xDFFF { return (Unicode.Scalar(u) ?? "\u{FFFD}", 1) }
        if u <= 0xDBFF, i + 1 < units.count, (0xDC00...0xDFFF).contains(units[i + 1]) {
            let value = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
            return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
        }
        return ("\u{FFFD}", 1)
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }

    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return (v >= 65 && v <= 90) || (v >= 97 && v <= 122) }
        return s.properties.isAlphabetic
    }

    static func isLetterOrDigit(_ s: Unicode.Scalar) -> Bool { isDigit(s) || isLetter(s) }

    static func isUppercase(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return v >= 65 && v <= 90 }
        return s.properties.isUppercase
    }

    static func appendLowercased(_ s: Unicode.Scalar, to key: inout String) {
        let v = s.value
        if v < 0x80 {
            key.unicodeScalars.append(v >= 65 && v <= 90 ? Unicode.Scalar(UInt8(v + 32)) : s)
        } else if s.properties.isUppercase || s.properties.changesWhenLowercased {
            key += s.properties.lowercaseMapping
        } else {
            key.unicodeScalars.append(s)
        }
    }
}
