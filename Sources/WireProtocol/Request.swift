public import ChecklistCore

/// A decoded client request and the `ref` its replies echo.
public struct Request: Hashable, Sendable {
    public var ref: String?
    public var body: Body

    public init(ref: String?, body: Body) {
        self.ref = ref
        self.body = body
    }

    public enum Body: Hashable, Sendable {
        case signup(username: String, password: String)
        case login(username: String, password: String)
        case auth(token: String)
        case logout
        case lists
        case subscribe(list: ListID, since: Int64?)
        case unsubscribe(list: ListID)
        case op(opID: String, OperationRequest)
        /// Read the user's settings, or change the time zone (`tz`) and what is mailed to them.
        case settings(timeZone: String?, email: EmailSettingsChange = EmailSettingsChange())
        case dismissReminder(list: ListID, item: ItemID, at: Timestamp)
        case snoozeReminder(list: ListID, item: ItemID, until: Timestamp)
        /// A habit checklist's check-ins, one participant's or everyone's.
        case history(list: ListID, from: CivilDate, to: CivilDate, username: String?)
        /// Open items due in a range, over every checklist the user can read.
        case agenda(from: CivilDate, to: CivilDate)
        /// Words over the checklists the user reads.
        case search(query: String, limit: Int?)
        /// The secret calendar feed URL for every checklist (`list` nil) or one; `rotate`
        /// replaces it with a new one and the old stops working.
        case feed(list: ListID?, rotate: Bool)
        /// A short-lived URL for an attachment that needs no bearer token (`<img src>`).
        case attachmentURL(id: AttachmentID)
        /// The server's VAPID public key, for `pushManager.subscribe`.
        case pushKey
        /// A browser's push subscription (`PushSubscription.toJSON()`) and the name the user sees.
        case pushSubscribe(endpoint: String, p256dh: String, auth: String, device: String)
        /// The user's devices that take push.
        case devices
        case pushUnsubscribe(id: String)
    }
}

/// The body of an `op` request once its fields are checked.
public enum OperationRequest: Hashable, Sendable {
    /// `id`: the client's own id for the new checklist (so it can add items before the ack), or `nil`.
    case createList(id: ListID?, Edit.NewList)
    /// Any edit that names no other user; new item ids are already chosen.
    case edit(ListID, Edit)
    case share(ListID, username: String, role: Role)
    case unshare(ListID, username: String)
    case quickAdd(text: String, list: ListID?, timeZone: String?)
}
