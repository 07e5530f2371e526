/// An HTTP reply produced by the delegate for a dynamic path such as `/healthz`.
///
/// The transport writes it verbatim with a `Content-Length`, so bodies should stay small
/// (health checks, metrics); large content belongs in the static public directory.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    /// Extra header lines, such as `Allow` on a 405.
    public var headers: [(name: String, value: String)]

    public init(
        status: Int, contentType: String = "text/plain; charset=utf-8", body: [UInt8],
        headers: [(name: String, value: String)] = []
    ) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }
}
