public import Foundation

/// The terminal client's clock: the system's, or `CHECKWIRE_NOW` (an RFC 3339 instant,
/// `2027-08-27T20:17:00-04:00`) when set.
///
/// Why an override: what "friday 5pm" or "noon" means depends on when it is typed, and a
/// report such as "on a Friday at 20:17, `--due "friday 5pm"` gave today" can only be checked
/// (and tested) by typing it at that moment. Only the client's reading of dates uses it; the
/// server keeps its own clock.
public enum ClientClock {
    public static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        guard let text = environment["CHECKWIRE_NOW"], !text.isEmpty, let date = instant(text) else { return Date() }
        return date
    }

    static func instant(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter.date(from: text)
    }
}
