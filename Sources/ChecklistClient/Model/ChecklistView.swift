public import ChecklistCore
public import WireProtocol

/// A local copy of one checklist: its summary, participants and items, as of `seq`.
///
/// It is built from a snapshot and kept current by applying events, which replace whole
/// objects (items by id, participants by username, the summary) exactly as the protocol
/// says; completion is never recomputed here because every event carries it.
public struct ChecklistView: Sendable {
    public var summary: RemoteSummary
    /// Owner first, then by username, as the server sends them.
    public var participants: [RemoteParticipant]
    public var items: [ItemID: RemoteItem]
    /// The last event applied (or the snapshot's head).
    public var seq: Int64
    /// Whose copy this is, so a `share` that changes their own role updates `summary.role`.
    public var viewer: String?

    /// Builds the copy from a `snapshot`.
    public init(_ snapshot: ServerMessage.Snapshot, viewer: String? = nil) {
        summary = snapshot.summary
        participants = snapshot.participants
        summary.participantCount = participants.count
        items = Dictionary(snapshot.items.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        seq = snapshot.seq
        self.viewer = viewer
    }

    /// Builds the copy from a `snapshot` message, or its `list` object alone (as cached).
    public init(snapshot json: JSONValue, viewer: String? = nil) throws(ServerMessageDecodingError) {
        let message = json["list"] == nil ? ["type": "snapshot", "list": json] : json
        self.init(try ServerMessage.Snapshot(json: message), viewer: viewer)
    }

    public var id: ListID { summary.id }
    public var title: String { summary.title }
    /// A habit checklist (`kind: "habits"`): each participant checks in for themselves.
    public var isHabits: Bool { summary.kind == .habits }

    /// What applying an event did.
    public enum EventOutcome: Sendable, Equatable {
        case applied
        /// Already applied (its `seq` is not above ours): dropped, as after a double subscribe.
        case stale
        /// Events are missing before it: resubscribe with `since` = `seq`.
        case gap
    }

    /// Applies `event` if it is the next one: replaces the objects it carries.
    public mutating func apply(_ event: RemoteEvent) -> EventOutcome {
        guard event.seq > seq else { return .stale }
        guard event.seq == seq + 1 else { return .gap }
        if var newSummary = event.summary {
            newSummary.role = summary.role
            summary = newSummary
        } else if let completion = event.completion {
            summary.completion = completion
        }
        for item in event.items { items[item.id] = item }
        for change in event.participants ?? [] { applyParticipant(change) }
        summary.participantCount = participants.count
        summary.seq = event.seq
        seq = event.seq
        return .applied
    }

    private mutating func applyParticipant(_ change: RemoteParticipant) {
        let index = participants.firstIndex { $0.username.lowercased() == change.username.lowercased() }
        switch (index, change.role) {
        case (let index?, nil): participants.remove(at: index)
        case (let index?, let role?): participants[index].role = role
        case (nil, .some): participants.append(change)
        case (nil, nil): break
        }
        if let viewer, viewer.lowercased() == change.username.lowercased() {
            summary.role = change.role
        }
    }
}
