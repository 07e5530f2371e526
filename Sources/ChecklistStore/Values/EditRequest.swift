public import ChecklistCore

/// An edit as the store receives it: ids already chosen, usernames not yet resolved.
public enum EditRequest: Hashable, Sendable {
    /// Create a checklist with this (server- or client-chosen) id.
    case createList(id: ListID, Edit.NewList)
    /// Any edit of an existing checklist that names no other user.
    case edit(ListID, Edit)
    case share(ListID, username: String, role: Role)
    case unshare(ListID, username: String)

    public var listID: ListID {
        switch self {
        case .createList(let id, _), .edit(let id, _), .share(let id, _, _), .unshare(let id, _): id
        }
    }
}
