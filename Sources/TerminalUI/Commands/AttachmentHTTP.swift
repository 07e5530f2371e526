import ChecklistClient
import Foundation
import WireProtocol
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP side of attachments for the terminal: uploads with progress, downloads.
enum AttachmentHTTP {
    /// `ws://host:port/ws` → `http://host:port` (`wss` → `https`).
    static func base(of server: String) -> String {
        var text = server
        if text.hasPrefix("wss://") {
            text = "https://" + text.dropFirst(6)
        } else if text.hasPrefix("ws://") {
            text = "http://" + text.dropFirst(5)
        }
        if let url = URL(string: text), let scheme = url.scheme, let host = url.host {
            return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)" + (url.port.map { ":\($0)" } ?? "")
        }
        return text
    }

    /// The type a file's extension usually means; the server stores it as given.
    static func contentType(forPath path: String) -> String {
        let types = [
            "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
            "heic": "image/heic", "pdf": "application/pdf", "txt": "text/plain; charset=utf-8",
            "md": "text/markdown; charset=utf-8",
            "csv": "text/csv; charset=utf-8", "zip": "application/zip", "mp3": "audio/mpeg", "mp4": "video/mp4",
            "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ]
        return types[(path as NSString).pathExtension.lowercased()] ?? "application/octet-stream"
    }

    /// PUTs `data`; `progress(sent, total)` as the body goes out. Returns (status, body).
    static func upload(
        _ data: Data, to url: URL, token: String, type: String, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> (Int, Data) {
        var request = URLRequest(url: url)
        request.httpMethod = "PUT"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue(type, forHTTPHeaderField: "Content-Type")
        request.timeoutInterval = 600
        return try await withCheckedThrowingContinuation { continuation in
            let delegate = UploadProgress(progress: progress, done: { continuation.resume(with: $0) })
            let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
            session.uploadTask(with: request, from: data).resume()
            session.finishTasksAndInvalidate()
        }
    }

    /// Why the server said no to an upload or download, in words: its JSON `message` when it
    /// sent one, the text it sent otherwise (`413` before the body is read is plain text naming
    /// the limit), and what the status means when it sent nothing.
    static func refusal(status: Int, body: Data, size: Int64) -> String {
        let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if let message = (try? JSONParser.parse(text))?["message"]?.stringValue { return message }
        if status == 413 {
            let limit = text.split(whereSeparator: { !$0.isNumber }).last.flatMap { Int64($0) }
            let over = limit.map { "the server takes files up to \(TerminalCommands.byteCount($0))" }
            return "it is \(TerminalCommands.byteCount(size)); " + (over ?? "that is over the server's size limit")
        }
        if !text.isEmpty { return text }
        switch status {
        case 401: return "the saved session has ended; log in again with `checkwire login USERNAME`"
        case 403: return "only the checklist's owner and editors may do that"
        case 404: return "the server has no such file (or checklist) for you"
        case 429: return "too many requests; try again in a moment"
        default: return "the server answered HTTP \(status)"
        }
    }

    /// Refuses, before downloading, a target whose folder does not exist or cannot be written.
    static func checkWritable(_ path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ClientError.invalidInput("cannot save to \(path): the folder \(directory) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw ClientError.invalidInput("cannot save to \(path): the folder \(directory) is not writable")
        }
    }

    /// Writes the file, with the system's reason in words when it cannot.
    static func save(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ClientError.invalidInput("cannot save to \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == data.count else {
            throw ClientError.invalidInput("cannot save to \(path): \(String(cString: strerror(errno)))")
        }
    }

    static func download(_ url: URL, token: String) async throws -> (Int, Data, String?) {
        var request = URLRequest(url: url)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, data, http?.value(forHTTPHeaderField: "Content-Type"))
    }
}

private final class UploadProgress: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let progress: @Sendable (Int64, Int64) -> Void
    let done: (Result<(Int, Data), Error>) -> Void
    var body = Data()

    init(progress: @escaping @Sendable (Int64, Int64) -> Void, done: @escaping (Result<(Int, Data), Error>) -> Void) {
        self.progress = progress
        self.done = done
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        progress(totalBytesSent, totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        body.append(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error { return done(.failure(error)) }
        done(.success(((task.response as? HTTPURLResponse)?.statusCode ?? 0, body)))
    }
}
