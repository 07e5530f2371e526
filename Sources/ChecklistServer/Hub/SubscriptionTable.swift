import ChecklistCore
import Transport

/// Who receives the events of which checklist, and which connections belong to which user
/// (so an `unshare` can reach every connection of the removed user).
struct SubscriptionTable {
    private(set) var subscribers: [ListID: Set<ConnectionID>] = [:]
    private(set) var connectionsByUser: [UserID: Set<ConnectionID>] = [:]
    /// The transport's name for each subscribed checklist's stream of events; numbers are not
    /// reused, so a stream refused for a connection never names another checklist.
    private var streams: [ListID: StreamID] = [:]
    private var lastStream: UInt64 = 0

    var subscriptionCount: Int { subscribers.values.reduce(0) { $0 + $1.count } }

    /// Whether `connection` was not subscribed to `list` before.
    @discardableResult
    mutating func subscribe(_ connection: ConnectionID, to list: ListID) -> Bool {
        if streams[list] == nil {
            lastStream += 1
            streams[list] = StreamID(lastStream)
        }
        return subscribers[list, default: []].insert(connection).inserted
    }

    /// The stream of `list`'s events (one is made while it has subscribers).
    mutating func stream(of list: ListID) -> StreamID {
        if let stream = streams[list] { return stream }
        lastStream += 1
        streams[list] = StreamID(lastStream)
        return StreamID(lastStream)
    }

    func existingStream(of list: ListID) -> StreamID? { streams[list] }

    /// Whether `connection` was subscribed to `list`.
    @discardableResult
    mutating func unsubscribe(_ connection: ConnectionID, from list: ListID) -> Bool {
        let removed = subscribers[list]?.remove(connection) != nil
        if subscribers[list]?.isEmpty == true {
            subscribers[list] = nil
            streams[list] = nil
        }
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
