public import Foundation

/// Where the terminal client keeps its files, following the XDG base directories.
///
/// - credentials: `$XDG_CONFIG_HOME/checkwire/credentials` (default `~/.config`), mode 0600;
/// - offline queue: `$XDG_STATE_HOME/checkwire/queue.jsonl` (default `~/.local/state`),
///   because pending edits are state worth keeping, not a cache;
/// - cached lists and snapshots: `$XDG_CACHE_HOME/checkwire/` (default `~/.cache`), which
///   may be deleted at any time and only lets offline commands resolve names.
public struct ClientPaths: Sendable, Equatable {
    public var configDirectory: URL
    public var stateDirectory: URL
    public var cacheDirectory: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ variable: String, _ fallback: String) -> URL {
            // The spec says relative values are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return URL(fileURLWithPath: home).appendingPathComponent(fallback)
        }
        configDirectory = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("checkwire")
        stateDirectory = base("XDG_STATE_HOME", ".local/state").appendingPathComponent("checkwire")
        cacheDirectory = base("XDG_CACHE_HOME", ".cache").appendingPathComponent("checkwire")
    }

    public var credentialsFile: URL { configDirectory.appendingPathComponent("credentials") }
    public var queueFile: URL { stateDirectory.appendingPathComponent("queue.jsonl") }
    /// Queued edits the server refused, until they were shown (`RefusedEdits`).
    public var refusedFile: URL { stateDirectory.appendingPathComponent("refused.jsonl") }
    /// The terminal's recent edits and how to take each back (`EditJournal`, `checkwire undo`).
    public var journalFile: URL { stateDirectory.appendingPathComponent("journal.jsonl") }
}
