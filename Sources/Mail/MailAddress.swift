import Foundation

/// An email address (an RFC 5321 `Mailbox`, in the dot-atom form every relay accepts): what
/// a user gives in `settings` and what `--mail-from` names. Checked once here, so no header
/// or SMTP command is ever built from text that could carry a line break or a second address.
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    public let description: String

    /// RFC 5321 §4.5.3.1.3: a path is at most 256 octets, so an address at most 254.
    public static let maximumLength = 254

    /// - Throws: `MailAddressError` naming what is wrong.
    public init(_ text: String) throws(MailAddressError) {
        guard text.utf8.count <= Self.maximumLength else { throw .invalid(text, "is longer than 254 characters") }
        guard let at = text.lastIndex(of: "@") else { throw .invalid(text, "has no @") }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, local.utf8.count <= 64, local.first != ".", local.last != ".", !local.contains(".."),
            local.unicodeScalars.allSatisfy(Self.isAtext)
        else { throw .invalid(text, "has a part before the @ that is not a plain mailbox name") }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2,
            labels.allSatisfy({ label in
                (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                    && label.unicodeScalars.allSatisfy {
                        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
                    }
            })
        else { throw .invalid(text, "has no valid domain after the @") }
        description = text
    }

    /// The domain, for the `Message-ID`s of mail sent from this address.
    public var domain: Substring { description[description.index(after: description.lastIndex(of: "@")!)...] }

    /// RFC 5322 `atext` and the dot: letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
    private static func isAtext(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { return true }
        return "!#$%&'*+-/=?^_`{|}~.".unicodeScalars.contains(scalar)
    }
}

/// An address refused, with the reason in words for the user or the operator.
public enum MailAddressError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalid(String, String)

    public var description: String {
        switch self {
        case .invalid(let text, let why): "\"\(text)\" is not an email address: it \(why)"
        }
    }
}

/// A sender as the `From:` header shows it: an optional display name and the address
/// (`--mail-from "Checkwire <reminders@example.org>"` or just the address).
public struct Mailbox: Sendable, Hashable {
    public var name: String?
    public var address: MailAddress

    public init(name: String?, address: MailAddress) {
        self.name = name
        self.address = address
    }

    /// `Name <address>` or `address`.
    public init(parsing text: String) throws(MailAddressError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
            var name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 {
                name = String(name.dropFirst().dropLast())
            }
            guard !name.contains(where: \.isNewline) else { throw .invalid(text, "has a line break in its name") }
            self.init(
                name: name.isEmpty ? nil : name,
                address: try MailAddress(
                    String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])))
        } else {
            self.init(name: nil, address: try MailAddress(trimmed))
        }
    }
}
