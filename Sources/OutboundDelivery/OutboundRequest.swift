/// What the delivery thread hands to libcurl: an HTTP POST (a push message) or an SMTP
/// submission (a mail). Plain values, so the channels that make them (WebPush, Mail) and
/// their tests never see a curl type.
public enum OutboundRequest: Sendable {
    case post(HTTPPost)
    case smtp(SMTPSubmission)
}

/// One HTTP POST; redirects are not followed (a push service that moves answers 4xx/5xx).
public struct HTTPPost: Sendable {
    public var url: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(url: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// One message handed to a mail relay (RFC 5321 submission through libcurl's SMTP).
public struct SMTPSubmission: Sendable {
    /// How the connection is protected.
    public enum Security: Sendable, Hashable {
        /// `smtps://`: TLS from the first byte (port 465).
        case implicitTLS
        /// `smtp://`: STARTTLS, and no mail goes out if the relay does not offer it.
        case startTLSRequired
        /// `smtp://` to a relay on this machine: STARTTLS when offered, plain otherwise.
        case startTLSIfOffered
    }

    /// `smtp://host:port` or `smtps://host:port`, without a user.
    public var url: String
    public var security: Security
    public var user: String?
    public var password: String?
    /// A PEM file of certificates to trust instead of the system's (a private relay's CA).
    public var caFile: String?
    /// The envelope sender (`MAIL FROM`).
    public var mailFrom: String
    /// The envelope recipients (`RCPT TO`).
    public var recipients: [String]
    /// The whole message, headers and body, lines ended by CRLF.
    public var message: [UInt8]

    public init(
        url: String, security: Security, user: String?, password: String?, caFile: String?, mailFrom: String,
        recipients: [String], message: [UInt8]
    ) {
        self.url = url
        self.security = security
        self.user = user
        self.password = password
        self.caFile = caFile
        self.mailFrom = mailFrom
        self.recipients = recipients
        self.message = message
    }
}
