/// What a `settings` request may change about the user's mail; each field left out
/// (`.unchanged`, `nil`) keeps what is stored.
public struct EmailSettingsChange: Hashable, Sendable {
    /// A new address (a check mail goes to it), or `.clear` to stop all mail and forget it.
    public var address: FieldChange<String> = .unchanged
    public var reminders: Bool?
    public var digest: FieldChange<TimeOfDay> = .unchanged
    public var quietHours: FieldChange<QuietHours> = .unchanged

    public init(
        address: FieldChange<String> = .unchanged, reminders: Bool? = nil, digest: FieldChange<TimeOfDay> = .unchanged,
        quietHours: FieldChange<QuietHours> = .unchanged
    ) {
        self.address = address
        self.reminders = reminders
        self.digest = digest
        self.quietHours = quietHours
    }

    public var isEmpty: Bool {
        self == EmailSettingsChange()
    }
}
