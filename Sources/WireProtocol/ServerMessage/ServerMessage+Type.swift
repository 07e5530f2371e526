extension ServerMessage {
    /// The message's `type`, as on the wire.
    public var type: String {
        switch self {
        case .authed: "authed"
        case .loggedOut: "loggedOut"
        case .error: "error"
        case .ack: "ack"
        case .lists: "lists"
        case .snapshot: "snapshot"
        case .subscribed: "subscribed"
        case .unsubscribed: "unsubscribed"
        case .listShared: "listShared"
        case .revoked: "revoked"
        case .event: "event"
        case .settings: "settings"
        case .reminder: "reminder"
        case .reminderDismissed: "reminderDismissed"
        case .reminderSnoozed: "reminderSnoozed"
        case .history: "history"
        case .agenda: "agenda"
        case .search: "search"
        case .feed: "feed"
        case .attachmentURL: "attachmentURL"
        case .pushKey: "pushKey"
        case .pushSubscribed: "pushSubscribed"
        case .pushUnsubscribed: "pushUnsubscribed"
        case .devices: "devices"
        case .other(let type, _): type
        }
    }

    /// The `ref` of the request this answers; nil for what the server pushes.
    public var ref: String? {
        switch self {
        case .authed(let reply): reply.ref
        case .loggedOut(let reply): reply.ref
        case .error(let reply): reply.ref
        case .ack(let reply): reply.ref
        case .lists(let reply): reply.ref
        case .snapshot(let reply): reply.ref
        case .subscribed(let reply): reply.ref
        case .unsubscribed(let reply): reply.ref
        case .settings(let reply): reply.ref
        case .reminderDismissed(let reply): reply.ref
        case .reminderSnoozed(let reply): reply.ref
        case .history(let reply): reply.ref
        case .agenda(let reply): reply.ref
        case .search(let reply): reply.ref
        case .feed(let reply): reply.ref
        case .attachmentURL(let reply): reply.ref
        case .pushKey(let reply): reply.ref
        case .pushSubscribed(let reply): reply.ref
        case .pushUnsubscribed(let reply): reply.ref
        case .devices(let reply): reply.ref
        case .other(_, let json): json["ref"]?.stringValue
        case .listShared, .revoked, .event, .reminder: nil
        }
    }
}
