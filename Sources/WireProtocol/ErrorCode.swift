/// The contract's error codes. Every failure a client sees carries exactly one of these.
public enum ErrorCode: String, Sendable, CaseIterable {
    case badRequest, tooLarge, unauthorized, forbidden, notFound, conflict, rateLimited, `internal`
}
