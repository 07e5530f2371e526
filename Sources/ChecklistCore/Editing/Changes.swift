/// What one edit changed, as whole resulting objects: a client applies an event by
/// replacing them. Built by the core, encoded once by the wire layer.
public struct Changes: Hashable, Sendable {
    /// The list's summary whenever its fields or completion changed.
    public var list: ListSummary?
    /// Every item whose fields, position or completion changed, with its completion.
    public var items: [ItemView]
    /// Participants added, changed or removed (`role == nil`).
    public var participants: [ParticipantChange]?

    public init(list: ListSummary? = nil, items: [ItemView] = [], participants: [ParticipantChange]? = nil) {
        self.list = list
        self.items = items
        self.participants = participants
    }
}

/// A participant as events show it; `role` is `nil` for one who was removed.
public struct ParticipantChange: Hashable, Sendable {
    public var username: String
    public var role: Role?
    public init(username: String, role: Role?) {
        self.username = username
        self.role = role
    }
}
