import ChecklistCore
import Transport

/// Who receives the events of which checklist, and which connections belong to which user
/// (so an `unshare` can reach every connection of the removed user).
struct SubscriptionTable {
    private(set) var subscribers: [ListID: Set<ConnectionID>] = [:]
    private(set) var connectionsByUser: [UserID: Set<ConnectionID>] = [:]

    var subscriptionCount: Int { subscribers.values.reduce(0) { $0 + $1.count } }

    /// Whether `connection` was not subscribed to `list` before.
    @discardableResult
    mutating func subscribe(_ connection: ConnectionID, to list: ListID) -> Bool {
        subscribers[list, default: []].insert(connection).inserted
    }

    /// Whether `connection` was subscribed to `list`.
    @discardableResult
    mutating func unsubscribe(_ connection: ConnectionID, from list: ListID) -> Bool {
        let removed = subscribers[list]?.remove(connection) != nil
        if subscribers[list]?.isEmpty == true { subscribers[list] = nil }
        return removed
    }

    mutating func attach(_ connection: ConnectionID, to user: UserID) {
        connectionsByUser[user, default: []].insert(connection)
    }

    mutating func detach(_ connection: ConnectionID, from user: UserID) {
        connectionsByUser[user]?.remove(connection)
        if connectionsByUser[user]?.isEmpty == true { connectionsByUser[user] = nil }
    }
}
