extension Request.Body {
    /// The request's `type`, as on the wire (what the encoder writes and messages about it name).
    public var type: String {
        switch self {
        case .signup: "signup"
        case .login: "login"
        case .auth: "auth"
        case .logout: "logout"
        case .lists: "lists"
        case .subscribe: "subscribe"
        case .unsubscribe: "unsubscribe"
        case .op: "op"
        case .settings: "settings"
        case .dismissReminder: "dismissReminder"
        case .snoozeReminder: "snoozeReminder"
        case .history: "history"
        case .agenda: "agenda"
        case .search: "search"
        case .feed: "feed"
        case .attachmentURL: "attachmentURL"
        case .pushKey: "pushKey"
        case .pushSubscribe: "pushSubscribe"
        case .devices: "devices"
        case .pushUnsubscribe: "pushUnsubscribe"
        }
    }
}
