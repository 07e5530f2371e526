/// How one attempt ended, as the channels judge it: whether the exchange completed, and what
/// the other side answered.
public struct TransferResult: Sendable {
    /// Why the exchange did not complete; `nil` when it did (whatever the status).
    public var failure: TransferFailure?
    /// The HTTP status, or the last SMTP reply code; 0 when nothing was answered.
    public var responseCode: Int
    /// The `Retry-After` header of an HTTP answer, as sent.
    public var retryAfter: String?
    /// The start of the answer's body (at most `TransferResult.bodyLimit` bytes), for logs.
    public var responseBody: [UInt8]

    /// How much of an answer's body is kept: enough for a push service's error text.
    public static let bodyLimit = 4_096

    public init(failure: TransferFailure?, responseCode: Int, retryAfter: String? = nil, responseBody: [UInt8] = []) {
        self.failure = failure
        self.responseCode = responseCode
        self.retryAfter = retryAfter
        self.responseBody = responseBody
    }
}

/// Why an attempt did not complete: libcurl's code and message, sorted once here into what
/// may pass if tried again (a relay that is down, a timeout) and what will not.
public struct TransferFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Worth another attempt: refused or dropped connections, timeouts, a failed TLS
        /// handshake (often a relay restarting), name resolution.
        case transient
        /// Will fail the same way again: a refused user and password, a certificate not
        /// trusted, a request curl cannot make.
        case permanent
        /// The request was never made: the job could not be prepared, or the sender stopped.
        case notSent
    }

    public var kind: Kind
    /// libcurl's `CURLcode` (0 when curl was not involved).
    public var code: Int
    public var message: String

    public init(kind: Kind, code: Int, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    public var description: String { code == 0 ? message : "\(message) (curl error \(code))" }
}
