/// A failure as the client will read it: a code and a message that says what to fix.
public struct WireError: Error, Hashable, Sendable {
    public var code: ErrorCode
    public var message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// The contract's error codes. Every failure a client sees carries exactly one of these.
public enum ErrorCode: String, Sendable, CaseIterable {
    case badRequest, tooLarge, unauthorized, forbidden, notFound, conflict, rateLimited, `internal`
}
