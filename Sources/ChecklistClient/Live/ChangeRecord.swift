public import ChecklistCore

/// One change as the `watch` screen lists it: who did what, when.
public struct ChangeRecord: Sendable, Equatable {
    public var seq: Int64
    /// The author's username; nil for changes the client noticed itself (a resync).
    public var by: String?
    public var at: Timestamp?
    public var op: String
    /// What happened, without the author ("checked off “Homework 2”").
    public var text: String

    public init(seq: Int64, by: String?, at: Timestamp?, op: String, text: String) {
        self.seq = seq
        self.by = by
        self.at = at
        self.op = op
        self.text = text
    }
}
