import ChecklistStore
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on `<database>.lock`, held for as long as the server runs, so two servers
/// can never use one database file (SQLite would let both in, and each would keep its own
/// cache of the same checklists). `flock` locks belong to the open file: the kernel releases
/// them when the process ends, also after `kill -9`, so a stale lock file never blocks a start.
/// The holder writes its pid into the file, so a refused start can say who holds it.
final class DatabaseLock: Sendable {
    let path: String
    private let descriptor: Int32

    /// Takes the lock at once or throws `StoreError.failure` naming the file and the holder.
    init(databasePath: String) throws(StoreError) {
        path = databasePath + ".lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .failure("cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.readPID(fd).map { " (pid \($0))" } ?? ""
            close(fd)
            throw .failure(
                "another Checkwire server\(holder) is already using the database \(databasePath); stop it first, or give this one another --database"
            )
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        descriptor = fd
    }

    /// Releases the lock (also done by the kernel when the process ends).
    func release() {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(
            String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
