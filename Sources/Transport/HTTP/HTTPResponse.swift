/// An HTTP reply produced by the delegate for a dynamic path such as `/healthz`, or for a
/// deferred request.
///
/// The transport writes it with a `Content-Length`. The body is either bytes in memory
/// (`body`: health checks, metrics, feeds, errors) or a region of an open file (`file`:
/// attachments), which only a deferred answer (`WebSocketServer.respond(to:with:)`) may
/// carry: it is read a chunk at a time as the connection takes it, so a large file never
/// sits in memory.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    /// The body, when it is in memory; empty when `file` is set.
    public var body: [UInt8]
    /// The body read from a file instead of `body` (deferred answers only).
    public var file: HTTPFileRegion?
    /// Extra header lines, such as `Allow` on a 405.
    public var headers: [(name: String, value: String)]

    public init(
        status: Int, contentType: String = "text/plain; charset=utf-8", body: [UInt8],
        headers: [(name: String, value: String)] = []
    ) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.file = nil
        self.headers = headers
    }

    /// A response whose body is `file`'s region, read as the connection takes it. Only for
    /// `WebSocketServer.respond(to:with:)`.
    public init(
        status: Int, contentType: String, file: HTTPFileRegion, headers: [(name: String, value: String)] = []
    ) {
        self.status = status
        self.contentType = contentType
        self.body = []
        self.file = file
        self.headers = headers
    }

    /// The `Content-Length`: the file region's length, or the in-memory body's.
    public var contentLength: Int { file?.range.count ?? body.count }
}
