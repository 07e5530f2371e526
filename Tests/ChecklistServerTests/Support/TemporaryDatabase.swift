import Foundation

/// A database path in a fresh temporary directory, for servers run as child processes; the
/// caller removes it (`defer { database.remove() }`) with its `-wal`/`-shm` companions.
struct TemporaryDatabase {
    let directory: URL
    var path: String { directory.appendingPathComponent("db.sqlite").path }

    init(_ label: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "checkwire-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
