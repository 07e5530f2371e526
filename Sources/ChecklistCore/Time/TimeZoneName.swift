import Foundation

/// IANA time zone names as the contract takes them (`"Europe/Berlin"`, `"UTC"`).
public enum TimeZoneName {
    /// The name as given, or `nil` when the system's time zone database has no such zone. Not
    /// replaced by Foundation's own identifier, which on Linux turns "UTC" into "GMT".
    public static func validated(_ name: String) -> String? {
        guard !name.isEmpty, name.count <= 64, TimeZone(identifier: name) != nil else { return nil }
        return name
    }

    /// The message for a name that is not a zone, the same wherever one is refused.
    public static func refusal(_ name: String, field: String = "tz") -> String {
        "\"\(field)\" must be an IANA time zone name such as \"Europe/Berlin\" or \"UTC\"; \"\(name)\" is not one"
    }
}
