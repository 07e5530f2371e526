import ChecklistCore
import ChecklistStore
import Transport
import WebPush
import WireProtocol

/// The one place where failures become wire error codes.
extension WireError {
    init(_ error: DomainError) {
        switch error {
        case .badRequest(let message): self.init(.badRequest, message)
        case .forbidden(let message): self.init(.forbidden, message)
        case .notFound(let message): self.init(.notFound, message)
        case .conflict(let message): self.init(.conflict, message)
        case .tooLarge(let message): self.init(.tooLarge, message)
        }
    }

    init(_ error: StoreError) {
        switch error {
        case .rejected(let domain): self.init(domain)
        case .failure: self.init(.internal, "the server could not save this; nothing was changed, try again")
        }
    }

    init(_ failure: PasswordFailure) {
        switch failure {
        case .busy: self.init(.rateLimited, "the server is busy hashing passwords; try again in a moment")
        case .internalError: self.init(.internal, "could not complete the request; try again")
        }
    }

    init(_ error: RequestDecodingError) {
        self.init(.badRequest, error.message)
    }

    /// A push subscription the server cannot use (its endpoint or keys).
    init(_ error: PushSubscriptionError) {
        self.init(.badRequest, error.description)
    }

    /// Push requests to a server started without `--vapid-subject`.
    static let pushNotConfigured = WireError(
        .badRequest, "this server sends no push notifications (it was started without --vapid-subject)")

    /// The same answer for a wrong password, an unknown username and a bad token, so
    /// accounts cannot be discovered by trying.
    static let invalidCredentials = WireError(
        .unauthorized, "invalid credentials: check the username and password, or log in again for a new token")

    static let notAuthenticated = WireError(.unauthorized, "authenticate first with signup, login or auth")

    static func rateLimited(retryAfter seconds: Int) -> WireError {
        WireError(.rateLimited, "too many failed attempts; try again in \(seconds) s")
    }

    /// More signups and logins from one address in progress at once than `AuthenticationSlots`
    /// allow: refused before any store lookup or hashing.
    static let tooManyAtOnce = WireError(
        .rateLimited, "too many signups and logins from this address at once; try again in a moment")

    static func tooManySignups(retryAfter seconds: Int) -> WireError {
        WireError(.rateLimited, "too many new accounts from this address; try again in \(seconds) s")
    }
}

/// The same failures as HTTP answers (uploads and downloads): the status for the code, and
/// the wire `error` object as the body.
extension HTTPResponse {
    init(_ error: WireError) {
        let status =
            switch error.code {
            case .badRequest: 400
            case .tooLarge: 413
            case .unauthorized: 401
            case .forbidden: 403
            case .notFound: 404
            case .conflict: 409
            case .rateLimited: 429
            case .internal: 503
            }
        self.init(status: status, contentType: "application/json", body: ServerMessage.error(error))
    }
}
