/// An HTTP reply produced by the delegate for a dynamic path such as `/healthz`.
///
/// The transport writes it verbatim with a `Content-Length`, so bodies should stay small
/// (health checks, metrics); large content belongs in the static public directory.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int, contentType: String = "text/plain; charset=utf-8", body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }
}
