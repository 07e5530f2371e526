import Credentials
import Dispatch
import Foundation
import Synchronization
import Transport

/// One upload streaming to a temporary file: bytes are written and hashed on a writer queue,
/// never on the service thread, as they arrive.
///
/// Backpressure: when more than `pauseBytes` wait for the disk, reading from the client stops
/// (`setReceiving(false)`), and it resumes once fewer than `resumeBytes` wait, so a fast client
/// on a slow disk cannot fill the server's memory.
final class UploadWriter: @unchecked Sendable {
    static let pauseBytes = 4 << 20
    static let resumeBytes = 1 << 20
    /// One queue for every upload: the disk is one, and writes in parallel would only seek.
    static let queue = DispatchQueue(label: "checkwire.uploads")

    let request: HTTPRequest
    let length: Int64
    let temporaryPath: String
    private let descriptor: Int32
    private let hasher = StreamingSHA256()
    /// Bytes handed to the queue and not written yet (any thread).
    private let waiting = Mutex(0)
    // Writer queue only:
    private var written: Int64 = 0
    private var failure: String?
    /// Service thread only.
    var isPaused = false

    init(request: HTTPRequest, length: Int64, directory: String) {
        self.request = request
        self.length = length
        temporaryPath = directory + "/" + UUID().uuidString.lowercased() + ".part"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 { failure = "cannot create a temporary file: \(String(cString: strerror(errno)))" }
    }

    /// Hands a piece to the writer queue; returns whether reading should pause.
    func append(_ bytes: UnsafeRawBufferPointer, resume: @escaping @Sendable () -> Void) -> Bool {
        let copy = [UInt8](bytes)
        let total = waiting.withLock {
            $0 += copy.count; return $0
        }
        Self.queue.async { [self] in
            write(copy)
            let left = waiting.withLock {
                $0 -= copy.count; return $0
            }
            if left < Self.resumeBytes { resume() }
        }
        return total > Self.pauseBytes
    }

    private func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        var offset = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let count = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += count
            }
            hasher.update(raw)
        }
        written += Int64(bytes.count)
    }

    /// After the last byte: fsync and close, then `done` with the content's hash, or the
    /// reason it could not be stored (the temporary file is then gone).
    func finish(_ done: @escaping @Sendable (Result<String, UploadFailure>) -> Void) {
        Self.queue.async { [self] in
            if failure == nil, written != length {
                failure = "the body was \(written) bytes, not the \(length) its Content-Length said"
            }
            if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
            if descriptor >= 0 { close(descriptor) }
            if let failure {
                unlink(temporaryPath)
                return done(.failure(UploadFailure(reason: failure)))
            }
            done(.success(hasher.finish()))
        }
    }

    /// The connection closed before the end: nothing is kept.
    func abandon() {
        Self.queue.async { [self] in
            if descriptor >= 0 { close(descriptor) }
            unlink(temporaryPath)
        }
    }
}

struct UploadFailure: Error {
    let reason: String
}

/// The uploads whose bodies are arriving, by request (service thread only, through
/// `ServiceThreadBound`).
final class UploadTable {
    var writers: [HTTPRequestID: UploadWriter] = [:]
}
