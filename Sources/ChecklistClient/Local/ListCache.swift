public import ChecklistCore
import Foundation
public import WireProtocol

/// The last `lists` reply and the last snapshot of each checklist seen, per server and user.
///
/// Why: an edit made offline still has to name its checklist and item ("add Groceries
/// Milk", "done Groceries Milk"); the cache lets those names resolve to ids without the
/// server. It is best effort: failing to write it never fails a command.
public struct ListCache: Sendable {
    let directory: URL

    public init(paths: ClientPaths, server: String, username: String) {
        let serverName = ServerAddress.shortName(server).map { $0.isLetter || $0.isNumber ? $0 : "_" }
        directory = paths.cacheDirectory
            .appendingPathComponent(String(serverName))
            .appendingPathComponent(username.lowercased())
    }

    public func saveLists(_ summaries: [RemoteSummary]) {
        let json = JSONValue.array(summaries.map { .object($0.raw) })
        try? PrivateFile.write(json.encoded(), to: directory.appendingPathComponent("lists.json"))
    }

    public func lists() -> [RemoteSummary]? {
        guard let bytes = try? PrivateFile.read(directory.appendingPathComponent("lists.json")),
            let json = try? JSONParser.parse(bytes), let array = json.arrayValue
        else { return nil }
        return array.compactMap { try? RemoteSummary(json: $0) }
    }

    public func saveView(_ view: ChecklistView) {
        try? PrivateFile.write(view.json.encoded(), to: file(for: view.id))
    }

    public func view(id: ListID, viewer: String?) -> ChecklistView? {
        guard let bytes = try? PrivateFile.read(file(for: id)), let json = try? JSONParser.parse(bytes) else {
            return nil
        }
        return try? ChecklistView(snapshot: json, viewer: viewer)
    }

    private func file(for id: ListID) -> URL {
        let safe = id.rawValue.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
        return directory.appendingPathComponent("list-\(String(safe)).json")
    }
}
