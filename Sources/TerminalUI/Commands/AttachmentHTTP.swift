import ChecklistClient
import Foundation
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
