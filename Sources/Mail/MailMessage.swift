public import Foundation

/// One mail from the server to one user: a reminder, a digest, an address check. Plain text
/// in UTF-8, with the headers RFC 5322 asks for, `Auto-Submitted` (RFC 3834: no vacation
/// replies to it), and, when the mail is one the user can stop, a one-click unsubscribe
/// (RFC 8058: `List-Unsubscribe` with an https URL and `List-Unsubscribe-Post`).
public struct MailMessage: Sendable {
    public var from: Mailbox
    public var to: MailAddress
    public var subject: String
    /// The body; any line ends (LF or CRLF) become CRLF.
    public var text: String
    /// The one-click unsubscribe URL (https, answered by `POST` with
    /// `List-Unsubscribe=One-Click`); `nil` for a mail the user cannot stop (an address check).
    public var unsubscribe: URL?
    /// The caller's own reference (a user, an occurrence), returned in the outcome.
    public var reference: String

    public init(
        from: Mailbox, to: MailAddress, subject: String, text: String, unsubscribe: URL?, reference: String = ""
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.unsubscribe = unsubscribe
        self.reference = reference
    }

    /// The message as sent: headers, a blank line, the body; CRLF line ends throughout, no
    /// line over 78 characters.
    ///
    /// - Parameters:
    ///   - date: the `Date:` header.
    ///   - messageID: the unique left part of `Message-ID` (a random one by default).
    public func rendered(date: Date, messageID: String = UUID().uuidString.lowercased()) -> [UInt8] {
        var headers: [(String, String)] = [
            ("Date", MailEncoding.date(date)),
            ("From", MailEncoding.mailbox(from)),
            ("To", to.description),
            ("Subject", MailEncoding.headerText(subject, prefix: "Subject: ".count)),
            ("Message-ID", "<\(messageID)@\(from.address.domain)>"),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Auto-Submitted", "auto-generated"),
        ]
        if let unsubscribe {
            headers.append(("List-Unsubscribe", "<\(unsubscribe.absoluteString)>"))
            headers.append(("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"))
        }
        let (encoding, body) = MailEncoding.body(text)
        headers.append(("Content-Transfer-Encoding", encoding))
        var out = ""
        for (name, value) in headers { out += MailEncoding.folded(name + ": " + value) }
        out += "\r\n"
        return Array(out.utf8) + body
    }
}
