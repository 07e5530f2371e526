import Foundation

/// Reads a `--every` duration: `90s`, `30m`, `1h30m`, `2d`, `1w`, `hourly`, `daily`,
/// `weekly`, or plain seconds; gives whole seconds as `remindEvery` wants them.
public enum ReminderInterval {
    public static let maximumSeconds = 31_622_400

    public static func parse(_ text: String) throws -> Int {
        let value = text.lowercased().replacingOccurrences(of: " ", with: "")
        let named = ["hourly": 3600, "daily": 86_400, "weekly": 604_800]
        if let seconds = named[value] { return try checked(seconds, text) }
        if let seconds = Int(value) { return try checked(seconds, text) }
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        var total = 0
        var number = ""
        var sawUnit = false
        for character in value {
            if character.isNumber {
                number.append(character)
            } else if let unit = units[character], let amount = Int(number) {
                total += amount * unit
                number = ""
                sawUnit = true
            } else {
                throw invalid(text)
            }
        }
        guard number.isEmpty, sawUnit else { throw invalid(text) }
        return try checked(total, text)
    }

    /// `1h30m`, `2d`, `45s`: the shortest spelling, for display.
    public static func format(_ seconds: Int) -> String {
        guard seconds > 0 else { return "\(seconds)s" }
        var rest = seconds
        var text = ""
        for (unit, size) in [("w", 604_800), ("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }

    private static func checked(_ seconds: Int, _ text: String) throws -> Int {
        guard (1...maximumSeconds).contains(seconds) else {
            throw ClientError.invalidInput("“\(text)” is not between 1 second and 366 days")
        }
        return seconds
    }

    private static func invalid(_ text: String) -> ClientError {
        .invalidInput("“\(text)” is not a duration; use 30m, 1h30m, 2d, 1w, daily or a number of seconds")
    }
}
