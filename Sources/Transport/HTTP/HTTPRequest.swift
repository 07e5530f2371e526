/// A GET or HEAD under one of `WebSocketServerConfiguration.deferredPrefixes`, handed to the
/// delegate, which answers it later — from any thread, through `execute` — with
/// `WebSocketServer.respond(to:with:)`.
///
/// Why deferred: such answers need the store (a calendar feed, an attachment), and the
/// service thread never waits for the store.
public struct HTTPRequest: Sendable {
    public let id: HTTPRequestID
    /// `GET` or `HEAD` (a HEAD is answered with the GET's headers and no body).
    public let method: String
    /// The path without its query, as sent (percent escapes are not decoded).
    public let path: String
    /// The query's `name=value` pairs, URL-decoded by lws; a name given twice keeps the first.
    public let query: [String: String]
    /// The request headers the delegate may need, by lower-case name: `if-none-match`,
    /// `authorization`, `range`, `content-type`, `content-length`.
    public let headers: [String: String]

    public init(
        id: HTTPRequestID, method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:]
    ) {
        self.id = id
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }
}

/// Names one deferred HTTP exchange until it is answered or its connection goes.
public struct HTTPRequestID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public var description: String { "http-\(rawValue)" }
}
