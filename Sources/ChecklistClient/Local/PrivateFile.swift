import Foundation

/// Small file helpers for the client's private files.
enum PrivateFile {
    /// Creates `directory` (and parents) readable only by the user.
    static func makeDirectory(_ directory: URL) throws {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ClientError.localFile("cannot create \(directory.path): \(error.localizedDescription)")
        }
    }

    /// Replaces `url` atomically with `bytes`, mode `mode` from the first byte on: written to
    /// a temporary file created with that mode, flushed, then renamed over the old one.
    static func write(_ bytes: [UInt8], to url: URL, mode: mode_t = 0o600) throws {
        try makeDirectory(url.deletingLastPathComponent())
        let temporary = url.path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else {
            throw ClientError.localFile("cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        fchmod(fd, mode)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(fd) == 0, rename(temporary, url.path) == 0 else {
            unlink(temporary)
            throw ClientError.localFile("cannot write \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// The file's bytes, or nil when it does not exist.
    static func read(_ url: URL) throws -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ClientError.localFile("cannot read \(url.path)")
        }
        return Array(data)
    }
}
