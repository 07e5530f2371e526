import Foundation

/// A file opened read-write with an exclusive `flock`, held until `close()`.
///
/// Why `flock` rather than a lock file: the lock goes away with the process, so a command
/// killed mid-flush never leaves the queue locked.
final class LockedFile {
    private let fd: Int32
    private let path: String

    init(_ url: URL) throws {
        path = url.path
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ClientError.localFile("cannot open \(path): \(String(cString: strerror(errno)))") }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                Glibc.close(fd)
                throw ClientError.localFile("cannot lock \(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    func readAll() throws -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            guard count >= 0 else {
                throw ClientError.localFile("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return result }
            result += buffer[0..<count]
            offset += off_t(count)
        }
    }

    /// Appends at the end and flushes to disk.
    func append(_ bytes: [UInt8]) throws {
        let end = lseek(fd, 0, SEEK_END)
        try write(bytes, at: end)
    }

    /// Replaces the whole content and flushes to disk.
    func replace(with bytes: [UInt8]) throws {
        guard ftruncate(fd, 0) == 0 else {
            throw ClientError.localFile("cannot rewrite \(path): \(String(cString: strerror(errno)))")
        }
        try write(bytes, at: 0)
    }

    func close() {
        Glibc.close(fd)
    }

    private func write(_ bytes: [UInt8], at start: off_t) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                pwrite(fd, $0.baseAddress, $0.count, start + off_t(offset))
            }
            guard written > 0 else {
                throw ClientError.localFile("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        guard fsync(fd) == 0 else {
            throw ClientError.localFile("cannot sync \(path): \(String(cString: strerror(errno)))")
        }
    }
}
