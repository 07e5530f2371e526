import ChecklistCore
import Testing

/// Shared people, clock and builders for the core's rule tests.
///
/// Every state is built through the public API (`create`, then `apply`), so a fixture can
/// never hold a tree that the rules themselves would not produce.
enum CoreFixture {
    static let owner = Actor(userID: "u-owner", username: "olive")
    static let editor = Actor(userID: "u-editor", username: "eddie")
    static let viewer = Actor(userID: "u-viewer", username: "vera")
    static let stranger = Actor(userID: "u-stranger", username: "sam")

    /// 2026-11-21T14:00:00Z; every edit of a fixture happens one second after the previous one.
    static let start = Timestamp(milliseconds: 1_795_269_600_000)

    /// A new active checklist owned by `owner`, shared with `editor` (editor) and `viewer` (viewer).
    static func list(_ title: String = "CS 298", due: Due? = nil) -> ChecklistState {
        var (state, _) = ChecklistState.create(
            id: "list-1", owner: owner, Edit.NewList(title: title, due: due), at: start)
        state.run(.share(Participant(userID: editor.userID, username: editor.username, role: .editor)))
        state.run(.share(Participant(userID: viewer.userID, username: viewer.username, role: .viewer)))
        return state
    }

    /// A shared checklist with items added (as the owner) in the order given; each pair is
    /// `(id, parent)`.
    static func tree(_ nodes: [(ItemID, ItemID?)]) -> ChecklistState {
        var state = list()
        for (id, parent) in nodes { state.run(.addItem(Edit.NewItem(id: id, parent: parent, title: id.rawValue))) }
        return state
    }
}

/// The kind of a `DomainError`, for tables and assertions that do not care about the text.
enum DomainErrorKind: String, Sendable {
    case badRequest, forbidden, notFound, conflict, tooLarge
}

extension DomainError {
    var kind: DomainErrorKind {
        switch self {
        case .badRequest: .badRequest
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict: .conflict
        case .tooLarge: .tooLarge
        }
    }
}

extension ChecklistState {
    /// The time the next edit of this fixture happens at.
    var nextTime: Timestamp { Timestamp(milliseconds: CoreFixture.start.milliseconds + list.seq * 1000) }

    /// Applies an edit that the test expects to succeed; a thrown error fails the test.
    @discardableResult
    mutating func run(
        _ edit: Edit, by actor: Actor = CoreFixture.owner, sourceLocation: SourceLocation = #_sourceLocation
    ) -> AppliedEdit? {
        do {
            return try apply(edit, by: actor, at: nextTime)
        } catch {
            Issue.record("\(edit.kind) failed: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Applies an edit that the test expects to be refused, and returns the error.
    mutating func refuse(
        _ edit: Edit, by actor: Actor = CoreFixture.owner, sourceLocation: SourceLocation = #_sourceLocation
    ) -> DomainError? {
        do {
            _ = try apply(edit, by: actor, at: nextTime)
            Issue.record("\(edit.kind) was applied but should have been refused", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// Applies an edit that the test expects to succeed and returns what it changed; a
    /// refusal is thrown, which fails the test.
    mutating func applying(_ edit: Edit, by actor: Actor = CoreFixture.owner) throws -> AppliedEdit {
        try apply(edit, by: actor, at: nextTime)
    }

    /// Applies an edit that the test expects to be refused; throws (failing the test) if it was applied.
    mutating func refusal(_ edit: Edit, by actor: Actor = CoreFixture.owner) throws -> DomainError {
        do {
            _ = try apply(edit, by: actor, at: nextTime)
        } catch {
            return error
        }
        throw UnexpectedlyApplied(kind: edit.kind)
    }

    func status(_ id: ItemID) -> ItemStatus? { items[id]?.status }

    /// The ids of `parent`'s children in sibling order.
    func childOrder(_ parent: ItemID?) -> [ItemID] { children(of: parent).map(\.id) }
}

struct UnexpectedlyApplied: Error, CustomStringConvertible {
    var kind: String
    var description: String { "\(kind) was applied but should have been refused" }
}

extension AppliedEdit {
    var itemIDs: [ItemID] { changes.items.map(\.item.id) }
}
