import Foundation
public import OutboundDelivery

/// The mail relay the server hands its mail to (`--smtp URL`, `--smtp-password-file`).
///
/// - `smtps://host[:465]`: TLS from the first byte.
/// - `smtp://host[:587]`: STARTTLS, required: a relay that does not offer it gets no mail
///   (and so no password in the clear). To a relay on this machine (127.0.0.1, ::1,
///   localhost) STARTTLS is used when offered and plain SMTP otherwise.
///
/// The user: in the URL (`smtp://alerts%40example.org@mail.example.org:587`), with the password
/// file holding the password; or, without a user in the URL, the file's `USER:PASSWORD`. The
/// file's first line is read; a password in the URL itself is refused (it would show in `ps`).
public struct SMTPRelay: Sendable, Hashable {
    /// `smtp://host:port` or `smtps://host:port`, the user removed.
    public let url: String
    public let host: String
    public let port: Int
    public let security: SMTPSubmission.Security
    public let user: String?
    public let password: String?
    /// Certificates to trust instead of the system's (a private relay's own CA).
    public let caFile: String?

    /// - Parameters:
    ///   - url: `smtp://…` or `smtps://…`.
    ///   - passwordFile: the contents of `--smtp-password-file`, if given.
    ///   - caFile: a PEM file of certificates to trust for this relay.
    public init(url text: String, passwordFile: String? = nil, caFile: String? = nil) throws(MailConfigurationError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else { throw .invalidRelay("--smtp must be a URL like smtp://mail.example.org:587, not \"\(text)\"") }
        guard components.password == nil else {
            throw .invalidRelay("--smtp must not carry a password: put it in --smtp-password-file")
        }
        guard components.path.isEmpty || components.path == "/", components.query == nil else {
            throw .invalidRelay("--smtp takes a scheme, a host and a port only, not \"\(text)\"")
        }
        let isLocal = ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
        switch scheme {
        case "smtps":
            security = .implicitTLS
            port = components.port ?? 465
        case "smtp":
            security = isLocal ? .startTLSIfOffered : .startTLSRequired
            port = components.port ?? 587
        default:
            throw .invalidRelay("--smtp must start with smtp:// or smtps://, not \"\(scheme)://\"")
        }
        self.host = host
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        url = "\(scheme)://\(hostPart):\(port)"
        self.caFile = caFile
        // The first line ("\r\n" is one Character in Swift, and a newline).
        let line = passwordFile.map {
            String($0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? "")
        }
        if let user = components.user {
            self.user = user.removingPercentEncoding ?? user
            password = line
        } else if let line {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw .invalidRelay(
                    "--smtp-password-file must hold USER:PASSWORD when the --smtp URL names no user (smtp://USER@host)")
            }
            user = String(line[..<colon])
            password = String(line[line.index(after: colon)...])
        } else {
            user = nil
            password = nil
        }
    }
}

/// Mail settings that cannot work: told at start, before anything is sent.
public enum MailConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidRelay(String)
    case invalidSender(String)

    public var description: String {
        switch self {
        case .invalidRelay(let message), .invalidSender(let message): message
        }
    }
}
