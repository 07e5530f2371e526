import ChecklistCore
import ChecklistStore
import Credentials
import Dispatch
import Foundation
import Transport
import WireProtocol

/// `GET /attachments/ID`: the bytes, to readers of the checklist only, by bearer token or by a
/// short-lived signed `?token=` (`attachmentURL`). The lookup runs on the store thread and the
/// file is opened on a global queue; the transport then streams it from that descriptor, a
/// 64 KiB `pread` on the service thread each time the connection can take more, so a download
/// costs one chunk of memory, not the file. (A page-cached read is a copy; an uncached one
/// waits for the disk on the service thread, which we accept for attachment-sized files.)
extension ChecklistServer {
    func answerDownload(_ request: HTTPRequest) {
        let respond = { [transport] (response: HTTPResponse) in transport!.respond(to: request.id, with: response) }
        let id = String(request.path.dropFirst("/attachments/".count))
        guard request.path.hasPrefix("/attachments/"), !id.isEmpty, id.utf8.count <= 64, !id.contains("/") else {
            return respond(HTTPResponse(WireError(.notFound, "no such attachment")))
        }
        var tokenHash: [UInt8]?
        var signedUser: UserID?
        if let hash = Self.bearerTokenHash(request) {
            tokenHash = hash
        } else if let token = request.query["token"] {
            let now = configuration.clock().milliseconds / 1000
            guard let user = SignedAttachmentToken.verify(token, key: serverKey, attachmentID: id, now: now) else {
                return respond(
                    HTTPResponse(
                        WireError(
                            .unauthorized, "this link has expired or is not genuine; ask for a new one (attachmentURL)")
                    ))
            }
            signedUser = UserID(user)
        } else {
            return respond(
                HTTPResponse(
                    WireError(
                        .unauthorized,
                        "send your session token as Authorization: Bearer TOKEN, or use an attachmentURL link")))
        }
        runOnStore(.attachmentLookup(id: AttachmentID(id), tokenHash: tokenHash, userID: signedUser)) {
            [transport] result in
            // The answer comes on the store thread: open the file elsewhere.
            DispatchQueue.global().async {
                let response: HTTPResponse
                switch result {
                case .success(.attachmentFound(let location?)):
                    response = Self.fileResponse(location.attachment, file: location.file, request: request)
                case .success(.unauthenticated):
                    response = HTTPResponse(WireError.invalidCredentials)
                case .success:
                    response = HTTPResponse(WireError(.notFound, "no such attachment in a checklist shared with you"))
                case .failure(let error):
                    response = HTTPResponse(WireError(error))
                }
                transport!.execute { transport!.respond(to: request.id, with: response) }
            }
        }
    }

    /// The bytes with their stored type (never sniffed), `inline` for images and `attachment`
    /// otherwise, a CSP that lets nothing in them run, the content hash as `ETag`, and one
    /// `Range` (`bytes=a-b`, `a-`, `-n`) as 206.
    static func fileResponse(_ attachment: Attachment, file path: String?, request: HTTPRequest) -> HTTPResponse {
        let etag = "\"\(attachment.sha256)\""
        var headers: [(name: String, value: String)] = [
            ("ETag", etag), ("Accept-Ranges", "bytes"), ("X-Content-Type-Options", "nosniff"),
            ("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"),
            ("Content-Disposition", contentDisposition(attachment)),
            ("Cache-Control", "private, max-age=86400, immutable"),
        ]
        if let match = request.headers["if-none-match"], HTTPResponse.ifNoneMatch(match, matches: etag) {
            return HTTPResponse(status: 304, contentType: attachment.type, body: [], headers: headers)
        }
        // Opened (and measured) now, so a missing file is still a clean error; the transport
        // then reads it a chunk at a time as the connection takes it (`HTTPFile`), from this
        // descriptor even if the file is replaced or removed meanwhile.
        let file: HTTPFile
        do {
            guard let path else { throw AttachmentMissing() }
            file = try HTTPFile(path: path)
        } catch {
            return HTTPResponse(WireError(.internal, "the file of this attachment is missing on the server"))
        }
        guard let rangeHeader = request.headers["range"] else {
            return HTTPResponse(status: 200, contentType: attachment.type, file: file.region(), headers: headers)
        }
        guard let range = ByteRange(rangeHeader, size: file.size) else {
            headers.append(("Content-Range", "bytes */\(file.size)"))
            return HTTPResponse(
                status: 416, contentType: "text/plain; charset=utf-8",
                body: Array("the range is outside the file\n".utf8), headers: headers)
        }
        headers.append(("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(file.size)"))
        return HTTPResponse(status: 206, contentType: attachment.type, file: file.region(range), headers: headers)
    }

    /// `inline; filename="…"; filename*=UTF-8''…`: an ASCII fallback without quotes or
    /// controls, and the exact name percent-encoded (RFC 6266).
    static func contentDisposition(_ attachment: Attachment) -> String {
        let kind =
            attachment.type.hasPrefix("image/") && !attachment.type.hasPrefix("image/svg") ? "inline" : "attachment"
        let ascii = String(
            attachment.name.unicodeScalars.map {
                $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_"
            })
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = attachment.name.addingPercentEncoding(withAllowedCharacters: allowed) ?? ascii
        return "\(kind); filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}

/// One `Range: bytes=…` as a half-open range of the file, or nil when unsatisfiable.
/// Several ranges (`a-b,c-d`) are answered with the first only.
typealias ByteRange = Range<Int>

extension Range where Bound == Int {
    init?(_ header: String, size: Int) {
        guard header.hasPrefix("bytes="), size > 0 else { return nil }
        let first = header.dropFirst(6).split(separator: ",")[0].trimmingCharacters(in: .whitespaces)
        let parts = first.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix > 0 else { return nil }
            self = Swift.max(0, size - suffix)..<size
            return
        }
        guard let start = Int(parts[0]), start < size else { return nil }
        let end = parts[1].isEmpty ? size - 1 : Swift.min(Int(parts[1]) ?? -1, size - 1)
        guard end >= start else { return nil }
        self = start..<(end + 1)
    }
}

/// The store has no bytes for an attachment it knows.
private struct AttachmentMissing: Error {}
