public import Foundation

/// The user's IANA time zone name, sent with `quickAdd` so "tomorrow 5pm" means their 5pm.
///
/// From `TZ` (`Europe/Lisbon`, `:Europe/Lisbon`, or a path into a zoneinfo directory), else
/// the target of the `/etc/localtime` link, else `/etc/timezone`, else `UTC`.
public enum LocalTimeZone {
    public static func identifier(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        localtimeLink: String = "/etc/localtime", timezoneFile: String = "/etc/timezone"
    ) -> String {
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if let zone = zoneName(fromPath: tz) { return zone }
            if !tz.hasPrefix("/"), TimeZone(identifier: tz) != nil { return tz }
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtimeLink),
            let zone = zoneName(fromPath: target)
        {
            return zone
        }
        if let text = try? String(contentsOfFile: timezoneFile, encoding: .utf8) {
            let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !name.isEmpty, TimeZone(identifier: name) != nil { return name }
        }
        return "UTC"
    }

    /// The time zone itself, for formatting local times.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> TimeZone {
        TimeZone(identifier: identifier(environment: environment)) ?? TimeZone(identifier: "UTC")!
    }

    static func zoneName(fromPath path: String) -> String? {
        guard let range = path.range(of: "zoneinfo/") else { return nil }
        var name = String(path[range.upperBound...])
        for prefix in ["posix/", "right/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        return name.isEmpty ? nil : name
    }
}
