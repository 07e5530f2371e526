public import ChecklistCore

/// A participant, or in an event a participant change: `role` nil means removed.
public struct RemoteParticipant: Sendable, Equatable {
    public var username: String
    public var role: Role?

    public init(username: String, role: Role?) {
        self.username = username
        self.role = role
    }

    /// Nil without a `username`; an unknown role reads as removed.
    public init?(json: JSONValue) {
        guard let username = json.string("username") else { return nil }
        self.init(username: username, role: json.string("role").flatMap(Role.init(rawValue:)))
    }

    public var json: JSONValue {
        ["username": .string(username), "role": role.map { .string($0.rawValue) } ?? .null]
    }
}
