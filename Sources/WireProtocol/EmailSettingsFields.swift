public import ChecklistCore

/// The mail fields of `settings` (docs/protocol.md, "Notifications when nothing is open"):
/// `email` (an address, or `null` to turn mail off), `emailReminders`, `digest` (`"HH:MM"` or
/// `null`), and `quietHours` (`{"from":"HH:MM","to":"HH:MM"}` or `null`). Each left out
/// keeps what is stored. The address's form is checked by the server (`MailAddress`).
extension FieldReader {
    func emailSettingsChange() throws(RequestDecodingError) -> EmailSettingsChange {
        var change = EmailSettingsChange()
        if let value = object["email"] {
            if value.isNull {
                change.address = .clear
            } else {
                guard let address = value.stringValue, !address.isEmpty, address.utf8.count <= 254 else {
                    throw RequestDecodingError(
                        "\"email\" must be an address such as \"olive@example.org\", or null to turn mail off")
                }
                change.address = .set(address)
            }
        }
        change.reminders = try flag("emailReminders")
        if let value = object["digest"] {
            change.digest = value.isNull ? .clear : .set(try Self.timeOfDay(value, "digest", "null for no digest"))
        }
        if let value = object["quietHours"] {
            if value.isNull {
                change.quietHours = .clear
            } else {
                let refusal =
                    "\"quietHours\" must be {\"from\":\"22:00\",\"to\":\"07:00\"} (local 24-hour times), or null for none"
                guard let hours = value.objectValue, let from = hours["from"], let to = hours["to"] else {
                    throw RequestDecodingError(refusal)
                }
                change.quietHours = .set(
                    QuietHours(
                        from: try Self.timeOfDay(from, "quietHours.from", ""),
                        to: try Self.timeOfDay(to, "quietHours.to", "")))
            }
        }
        return change
    }

    private static func timeOfDay(_ value: JSONValue, _ key: String, _ alternative: String) throws(RequestDecodingError)
        -> TimeOfDay
    {
        guard let text = value.stringValue, let time = TimeOfDay(text) else {
            let or = alternative.isEmpty ? "" : ", or \(alternative)"
            throw RequestDecodingError("\"\(key)\" must be a local time like \"07:30\" (24-hour, HH:MM)\(or)")
        }
        return time
    }
}

extension JSONWriter {
    /// A `settings` request's mail fields, as `FieldReader.emailSettingsChange` reads them.
    mutating func emailSettingsChange(_ change: EmailSettingsChange) {
        switch change.address {
        case .set(let address): field("email", address)
        case .clear: field("email", nil as String?)
        case .unchanged: break
        }
        if let reminders = change.reminders { field("emailReminders", reminders) }
        switch change.digest {
        case .set(let time): field("digest", time.description)
        case .clear: field("digest", nil as String?)
        case .unchanged: break
        }
        switch change.quietHours {
        case .set(let hours): quietHours(hours)
        case .clear: field("quietHours", nil as String?)
        case .unchanged: break
        }
    }

    mutating func quietHours(_ hours: QuietHours) {
        key("quietHours")
        beginObject()
        field("from", hours.from.description)
        field("to", hours.to.description)
        endObject()
    }
}

/// The mail part of a `settings` reply: every field, `null` where unset, so a client shows
/// the state without knowing the defaults.
public struct EmailSettingsReply: Hashable, Sendable {
    /// Whether this server sends mail at all (`--smtp`); without it `email` is refused.
    public var available: Bool
    public var address: String?
    public var verified: Bool
    public var reminders: Bool
    public var digest: TimeOfDay?
    public var quietHours: QuietHours?

    public init(
        available: Bool, address: String? = nil, verified: Bool = false, reminders: Bool = false,
        digest: TimeOfDay? = nil, quietHours: QuietHours? = nil
    ) {
        self.available = available
        self.address = address
        self.verified = verified
        self.reminders = reminders
        self.digest = digest
        self.quietHours = quietHours
    }
}

extension JSONWriter {
    mutating func emailSettings(_ email: EmailSettingsReply) {
        field("email", email.address)
        field("emailVerified", email.verified)
        field("emailReminders", email.reminders)
        field("digest", email.digest?.description)
        if let hours = email.quietHours { quietHours(hours) } else { field("quietHours", nil as String?) }
        field("emailAvailable", email.available)
    }
}
