import CFileRead
import Glibc

/// An open file whose bytes a deferred response sends as the connection takes them
/// (`HTTPResponse(status:contentType:file:headers:)`), a chunk at a time, instead of holding
/// them in memory.
///
/// It owns its descriptor: opened (and measured) by `init(path:)`, closed when the last
/// response holding it goes — its exchange finished or failed, its connection closed
/// mid-body, or the answer came for a connection already gone. A file renamed over or
/// removed after the open keeps serving the bytes it had when it was opened.
///
/// For example, the whole file, or its bytes 10–19 as a 206:
///
///     let file = try HTTPFile(path: path)
///     HTTPResponse(status: 200, contentType: "image/png", file: file.region())
///     HTTPResponse(status: 206, contentType: "image/png", file: file.region(10..<20))
///
/// `Sendable`: the descriptor and size never change, and `pread` takes its offset as an
/// argument, so reads from any thread do not disturb one another.
public final class HTTPFile: Sendable {
    let descriptor: Int32
    /// The file's size in bytes when it was opened (`fstat`).
    public let size: Int

    /// Opens `path` read-only and measures it.
    ///
    /// - Throws: `TransportError.fileUnavailable` with the `open(2)` or `fstat(2)` errno,
    ///   e.g. `ENOENT` (2) for a missing file, `EISDIR` (21) for a directory.
    public init(path: String) throws(TransportError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fileUnavailable(path: path, errno: errno) }
        var status = stat()
        if fstat(descriptor, &status) != 0 {
            let code = errno
            close(descriptor)
            throw .fileUnavailable(path: path, errno: code)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .fileUnavailable(path: path, errno: EISDIR)
        }
        self.descriptor = descriptor
        self.size = Int(status.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// `range` of the file (all of it by default) as a response body; `range` must lie
    /// within `size`.
    public func region(_ range: Range<Int>? = nil) -> HTTPFileRegion {
        let range = range ?? 0..<size
        precondition(range.lowerBound >= 0 && range.upperBound <= size, "HTTPFile.region outside the file")
        return HTTPFileRegion(file: self, range: range)
    }

    /// Reads `buffer.count` bytes at `offset` into `buffer` only if they are all in the page
    /// cache (`preadv2` with `RWF_NOWAIT`), so the call never waits for the disk. False when
    /// they are not, or on any error: `read(into:at:)`, off the service thread, then reads
    /// them (and reports a real error).
    func readIfCached(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        checkwire_pread_cached(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) == buffer.count
    }

    /// Reads `buffer.count` bytes at `offset` into `buffer` with `pread(2)`, retrying short
    /// reads and `EINTR`. Returns false on an error or when the file ends first (it was
    /// truncated in place after the open). It may wait for the disk.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }
}

/// Part of an `HTTPFile` sent as a response body: its `Content-Length` is `range.count`.
public struct HTTPFileRegion: Sendable {
    public let file: HTTPFile
    public let range: Range<Int>
}
