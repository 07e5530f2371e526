import ChecklistCore
import ChecklistStore
import Credentials
import Foundation
public import Transport
import WireProtocol
import Logging

/// `PUT /attachments?list=ID&item=ID&name=NAME`: the transport streams the body here; it goes
/// to a temporary file (`UploadWriter`), then to the hub as an `attach` edit.
extension ChecklistServer: WebSocketServerUploadDelegate {
    /// At most this many uploads stream at once; each may hold up to `UploadWriter.pauseBytes`
    /// waiting for the disk, so the bound is on memory as well as on open files.
    static let maxConcurrentUploads = 16

    public func webSocketServer(_ server: WebSocketServer, didBeginUpload request: HTTPRequest, length: Int64)
        -> HTTPResponse?
    {
        if let refusal = Self.uploadRefusal(request) { return refusal }
        guard uploads.value.writers.count < Self.maxConcurrentUploads else {
            var busy = HTTPResponse(
                WireError(
                    .rateLimited,
                    "the server is receiving \(Self.maxConcurrentUploads) files already; try again in a moment"))
            busy.headers.append(("Retry-After", "5"))
            return busy
        }
        let writer = UploadWriter(request: request, length: length, directory: store.uploadDirectory)
        uploads.value.writers[request.id] = writer
        return nil
    }

    public func webSocketServer(
        _ server: WebSocketServer, didReceiveUploadBytes bytes: UnsafeRawBufferPointer, for request: HTTPRequestID
    ) {
        guard let writer = uploads.value.writers[request] else { return }
        let pause = writer.append(bytes) { [weak self] in
            self?.transport.execute { [weak self] in
                guard let self, let writer = self.uploads.value.writers[request], writer.isPaused else { return }
                writer.isPaused = false
                self.transport.setReceiving(true, for: request)
            }
        }
        if pause, !writer.isPaused {
            writer.isPaused = true
            server.setReceiving(false, for: request)
        }
    }

    public func webSocketServer(_ server: WebSocketServer, didFinishUpload request: HTTPRequestID) {
        guard let writer = uploads.value.writers.removeValue(forKey: request) else { return }
        // Paused when the last bytes came: read again, or a keep-alive connection's next
        // request would wait for the deadline.
        if writer.isPaused { server.setReceiving(true, for: request) }
        let limit = configuration.maxAttachmentsTotalBytes
        let now = configuration.clock()
        writer.finish { [self] result in
            transport.execute { [self] in
                switch result {
                case .failure(let failure):
                    logger.error("an upload could not be stored", metadata: ["cause": "\(failure.reason)"])
                    transport.respond(
                        to: request,
                        with: HTTPResponse(
                            WireError(
                                .internal, "the file could not be stored (\(failure.reason)); nothing was attached")))
                case .success(let sha256):
                    let query = writer.request.query
                    let attachment = Attachment(
                        id: AttachmentID(UUID().uuidString.lowercased()), name: Self.displayName(query["name"] ?? ""),
                        type: Self.contentType(writer.request.headers["content-type"]), size: writer.length,
                        sha256: sha256,
                        by: "", at: now
                    )
                    let upload = AttachmentUpload(
                        listID: ListID(query["list"] ?? ""), itemID: ItemID(query["item"] ?? ""),
                        attachment: attachment, temporaryPath: writer.temporaryPath
                    )
                    hub.uploadReceived(
                        upload, maxTotalBytes: limit,
                        tokenHash: Self.bearerTokenHash(writer.request) ?? [], request: request)
                    performHubActions()
                }
            }
        }
    }

    public func webSocketServer(_ server: WebSocketServer, didAbandonUpload request: HTTPRequestID) {
        uploads.value.writers.removeValue(forKey: request)?.abandon()
    }

    /// What is wrong with the request itself, answered before its body is read.
    static func uploadRefusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.path == "/attachments" else {
            return HTTPResponse(WireError(.notFound, "upload to /attachments?list=ID&item=ID&name=NAME"))
        }
        guard bearerTokenHash(request) != nil else {
            return HTTPResponse(WireError(.unauthorized, "send your session token as Authorization: Bearer TOKEN"))
        }
        for field in ["list", "item"]
        where (request.query[field] ?? "").isEmpty || (request.query[field]?.utf8.count ?? 0) > 64 {
            return HTTPResponse(
                WireError(.badRequest, "\"\(field)\" is missing from the query: /attachments?list=ID&item=ID&name=NAME")
            )
        }
        let name = displayName(request.query["name"] ?? "")
        guard !name.isEmpty else {
            return HTTPResponse(WireError(.badRequest, "\"name\" is missing or has nothing printable"))
        }
        guard name.utf8.count <= 255 else {
            return HTTPResponse(WireError(.badRequest, "\"name\" is longer than 255 bytes"))
        }
        return nil
    }

    static func bearerTokenHash(_ request: HTTPRequest) -> [UInt8]? {
        guard let header = request.headers["authorization"], header.lowercased().hasPrefix("bearer ") else {
            return nil
        }
        let token = header.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : SessionToken(text: token).storedHash
    }

    /// The name as shown: control characters dropped, path separators made `_`, trimmed. It is
    /// never used as a path (files are named by their hash); this keeps it harmless to show.
    static func displayName(_ raw: String) -> String {
        let cleaned = String(
            String.UnicodeScalarView(
                raw.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                    if scalar.value < 0x20 || scalar.value == 0x7f || (0x80..<0xa0).contains(scalar.value) {
                        return nil
                    }
                    return scalar == "/" || scalar == "\\" ? "_" : scalar
                }))
        return cleaned.trimmingCharacters(in: .whitespaces)
    }

    /// The declared type when it looks like one (`type/subtype`, parameters kept), else
    /// `application/octet-stream`. It is served as stored and never sniffed.
    static func contentType(_ declared: String?) -> String {
        guard let declared, declared.utf8.count <= 127 else { return "application/octet-stream" }
        let type = declared.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased()
        let parts = type.split(separator: "/")
        let token = { (part: Substring) in
            !part.isEmpty
                && part.unicodeScalars.allSatisfy {
                    CharacterSet.alphanumerics.contains($0) || "!#$&^_.+-".unicodeScalars.contains($0)
                }
        }
        guard parts.count == 2, token(parts[0]), token(parts[1]) else { return "application/octet-stream" }
        return declared.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7f })
            ? declared.trimmingCharacters(in: .whitespaces) : type
    }
}
