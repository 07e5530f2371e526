/// A forward-only reader over ASCII used to parse the fixed formats of dates and times
/// without regular expressions or Foundation formatters.
struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index == bytes.count }

    /// Exactly `count` decimal digits.
    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += count
        return value
    }

    mutating func consume(_ character: Character) -> Bool {
        consume(oneOf: String(character))
    }

    mutating func consume(oneOf characters: String) -> Bool {
        guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
        index += 1
        return true
    }

    /// `+1` for "+", `-1` for "-".
    mutating func sign() -> Int? {
        if consume("+") { return 1 }
        if consume("-") { return -1 }
        return nil
    }

    mutating func civilDate() -> CivilDate? {
        guard let year = digits(4), consume("-"), let month = digits(2), consume("-"), let day = digits(2)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }
}
