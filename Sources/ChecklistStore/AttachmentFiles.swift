public import Foundation

/// The attachment file store: each file once, named by its SHA-256, in a folder (SQLite: beside
/// the database, `--attachments DIR`, where the bytes live; PostgreSQL: a local cache of bytes
/// kept in the database). Uploads stream into `tmp/` first and are moved in only when
/// complete and fsync'd, so a file under its hash is always whole.
///
/// With SQLite nothing is deleted while an attachment names it (a cancelled attachment keeps
/// its bytes). What no attachment names — an upload cut off, or one whose edit did not commit
/// before a crash — is removed at the next start (`removeUnreferenced`).
public struct AttachmentFiles: Hashable, Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    }

    public var temporaryDirectory: String { directory + "/tmp" }

    /// Makes the folders (mode 0700) and removes from `tmp/` the uploads that were cut off:
    /// every one (`olderThan` 0, for a folder only this server uses), or only those untouched
    /// for `olderThan` seconds at `now` — for a folder other servers may use too (two servers
    /// of one PostgreSQL database on one machine share the default cache folder), where a file
    /// in `tmp/` may be another server's upload still arriving.
    public func prepare(removingUploadsOlderThan olderThan: TimeInterval = 0, now: Date = Date()) throws {
        let manager = FileManager.default
        try manager.createDirectory(
            atPath: temporaryDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for name in (try? manager.contentsOfDirectory(atPath: temporaryDirectory)) ?? [] {
            let path = temporaryDirectory + "/" + name
            if olderThan > 0 {
                let modified = (try? manager.attributesOfItem(atPath: path)[.modificationDate]) as? Date
                guard let modified, now.timeIntervalSince(modified) >= olderThan else { continue }
            }
            try? manager.removeItem(atPath: path)
        }
    }

    /// Where the file with this hash lives: `ab/abcdef…` (256 subfolders keep folders small).
    public func path(of sha256: String) -> String {
        directory + "/" + sha256.prefix(2) + "/" + sha256
    }

    public func contains(_ sha256: String) -> Bool {
        FileManager.default.fileExists(atPath: path(of: sha256))
    }

    /// Moves a complete, fsync'd upload in under its hash (the folder entry fsync'd too), or
    /// drops it when the same bytes are already stored. Returns whether it was new.
    @discardableResult
    public func place(_ temporaryPath: String, as sha256: String) throws -> Bool {
        let target = path(of: sha256)
        if FileManager.default.fileExists(atPath: target) {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            return false
        }
        let folder = (target as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard rename(temporaryPath, target) == 0 else {
            throw AttachmentFileError("cannot move the upload into \(folder): \(String(cString: strerror(errno)))")
        }
        Self.syncDirectory(folder)
        return true
    }

    public func remove(_ sha256: String) {
        try? FileManager.default.removeItem(atPath: path(of: sha256))
    }

    /// Removes every stored file whose hash is not in `referenced`; returns how many.
    @discardableResult
    public func removeUnreferenced(keeping referenced: Set<String>) -> Int {
        let manager = FileManager.default
        var removed = 0
        for folder in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] where folder.count == 2 {
            for name in (try? manager.contentsOfDirectory(atPath: directory + "/" + folder)) ?? []
            where !referenced.contains(name) {
                try? manager.removeItem(atPath: directory + "/" + folder + "/" + name)
                removed += 1
            }
        }
        return removed
    }

    static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

public struct AttachmentFileError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
