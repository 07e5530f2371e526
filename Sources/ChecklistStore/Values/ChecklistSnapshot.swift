public import ChecklistCore

/// A checklist as one reader sees it.
public struct ChecklistSnapshot: Sendable {
    public var summary: ListSummary
    public var participants: [Participant]
    public var items: [ItemView]

    public init(summary: ListSummary, participants: [Participant], items: [ItemView]) {
        self.summary = summary
        self.participants = participants
        self.items = items
    }
}
