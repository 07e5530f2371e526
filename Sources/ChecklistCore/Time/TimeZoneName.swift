import Foundation

/// IANA time zone names as the contract takes them (`"Europe/Berlin"`, `"UTC"`).
public enum TimeZoneName {
    /// The zone's canonical name, or `nil` when the system's time zone database has no such zone.
    public static func validated(_ name: String) -> String? {
        guard !name.isEmpty, name.count <= 64, let zone = TimeZone(identifier: name) else { return nil }
        return zone.identifier
    }

    /// The message for a name that is not a zone, the same wherever one is refused.
    public static func refusal(_ name: String, field: String = "tz") -> String {
        "\"\(field)\" must be an IANA time zone name such as \"Europe/Berlin\" or \"UTC\"; \"\(name)\" is not one"
    }
}
