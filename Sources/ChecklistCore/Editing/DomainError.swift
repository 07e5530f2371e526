/// Why an edit or a read was refused. Each case becomes one wire error code in exactly one
/// place (the server's error mapping); the message says what to fix.
public enum DomainError: Error, Hashable, Sendable {
    /// The request itself is wrong (a bad value, a cycle, a non-sibling `after`).
    case badRequest(String)
    /// The user may read the checklist but their role does not allow this edit.
    case forbidden(String)
    /// No such checklist for this user (also for strangers to an existing one), item or user.
    case notFound(String)
    /// The edit contradicts the current state (open children, a cancelled checklist…).
    case conflict(String)
    /// The edit would pass a limit that protects the server (lists per user, items per
    /// checklist, stored bytes); the message names the limit.
    case tooLarge(String)

    public var message: String {
        switch self {
        case .badRequest(let text), .forbidden(let text), .notFound(let text), .conflict(let text), .tooLarge(let text):
            text
        }
    }

    /// The same answer for a checklist that does not exist and one the user is not part of,
    /// so that ids cannot be probed.
    public static func listNotFound(_ id: ListID) -> DomainError {
        .notFound("no checklist with id \(id) is shared with you")
    }

    public static func itemNotFound(_ id: ItemID) -> DomainError {
        .notFound("no item with id \(id) in this checklist")
    }
}
