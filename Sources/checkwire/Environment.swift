import Foundation

/// `CHECKWIRE_*` environment variables, the fallback for every option a flag can set.
enum Environment {
    static func value(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    static func flag(_ name: String) -> Bool {
        guard let value = value(name)?.lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(value)
    }
}
