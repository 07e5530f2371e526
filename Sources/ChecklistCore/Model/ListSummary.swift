/// A checklist as the lists view shows it (the contract's SUMMARY).
public struct ListSummary: Hashable, Sendable {
    public var list: Checklist
    public var completion: Completion
    public var participantCount: Int
    /// The reader's role; `nil` in events, which every participant shares.
    public var role: Role?
    /// A habit checklist's standing of every participant, by username; `nil` otherwise.
    public var habits: [String: HabitStats]?

    public init(list: Checklist, completion: Completion, participantCount: Int, role: Role?) {
        self.list = list
        self.completion = completion
        self.participantCount = participantCount
        self.role = role
    }
}
