import ChecklistCore

/// The client side of the wire vocabulary: a `Request` — the same value the server decodes —
/// encoded as the contract writes it, with the hot-path `JSONWriter`.
///
/// Clients (the terminal client, the load tester's set-up client) build `Request` values
/// instead of hand-built JSON, so a request they send and the request the server reads are
/// one type; `GoldenFixtureTests` round-trips every client fixture through both directions.
/// Members come in a fixed order (`type`, then `opId` and `op`, the fields, `ref` last);
/// optional members that are unset are left out, and a `FieldChange.clear` is an explicit `null`.
extension Request {
    public func encoded() -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("type", body.type)
        writer.requestFields(body)
        if let ref { writer.field("ref", ref) }
        writer.endObject()
        return writer.bytes
    }
}

extension JSONWriter {
    /// A request's own members, between its `type` and its `ref`.
    mutating func requestFields(_ body: Request.Body) {
        switch body {
        case .signup(let username, let password), .login(let username, let password):
            field("username", username)
            field("password", password)
        case .auth(let token):
            field("token", token)
        case .logout, .lists, .pushKey, .devices:
            break
        case .subscribe(let list, let since):
            field("list", list)
            if let since { field("since", Int(since)) }
        case .unsubscribe(let list):
            field("list", list)
        case .op(let opID, let operation):
            field("opId", opID)
            self.operation(operation)
        case .settings(let timeZone, let email):
            if let timeZone { field("tz", timeZone) }
            emailSettingsChange(email)
        case .dismissReminder(let list, let item, let at):
            field("list", list)
            field("item", item)
            field("at", at)
        case .snoozeReminder(let list, let item, let until):
            field("list", list)
            field("item", item)
            field("until", until)
        case .history(let list, let from, let to, let username):
            field("list", list)
            dateRange(from, to)
            if let username { field("username", username) }
        case .agenda(let from, let to):
            dateRange(from, to)
        case .search(let query, let limit):
            field("q", query)
            if let limit { field("limit", limit) }
        case .feed(let list, let rotate):
            if let list { field("list", list) }
            if rotate { field("rotate", true) }
        case .attachmentURL(let id):
            field("id", id)
        case .pushSubscribe(let endpoint, let p256dh, let auth, let device):
            pushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth, device: device)
        case .pushUnsubscribe(let id):
            field("id", id)
        }
    }

    private mutating func dateRange(_ from: CivilDate, _ to: CivilDate) {
        field("from", from.description)
        field("to", to.description)
    }

    /// `pushSubscribe`'s members: `PushSubscription.toJSON()`'s shape and the device's name.
    private mutating func pushSubscription(endpoint: String, p256dh: String, auth: String, device: String) {
        field("endpoint", endpoint)
        key("keys")
        beginObject()
        field("p256dh", p256dh)
        field("auth", auth)
        endObject()
        field("device", device)
    }

    mutating func operation(_ operation: OperationRequest) {
        switch operation {
        case .createList(let id, let new):
            field("op", "createList")
            if let id { field("id", id) }
            field("title", new.title)
            if let description = new.description { field("description", description) }
            if let due = new.due { field("due", due.description) }
            if let timeZone = new.timeZone { field("tz", timeZone) }
            if new.kind != .checklist { field("kind", new.kind.rawValue) }
            if new.sequential { field("sequential", true) }
            if let goalDays = new.goalDays { field("goal", goalDays) }
        case .edit(let list, let edit):
            field("op", edit.kind)
            field("list", list)
            editFields(edit)
        case .share(let list, let username, let role):
            field("op", "share")
            field("list", list)
            field("username", username)
            field("role", role.rawValue)
        case .unshare(let list, let username):
            field("op", "unshare")
            field("list", list)
            field("username", username)
        case .quickAdd(let text, let list, let timeZone):
            field("op", "quickAdd")
            field("text", text)
            if let list { field("list", list) }
            if let timeZone { field("tz", timeZone) }
        }
    }

    private mutating func editFields(_ edit: Edit) {
        switch edit {
        case .createList(let new):
            field("title", new.title)
        case .updateList(let update):
            if let title = update.title { field("title", title) }
            change("description", update.description)
            change("due", update.due.map(\.description))
            if let timeZone = update.timeZone { field("tz", timeZone) }
            if let sequential = update.sequential { field("sequential", sequential) }
            change("goal", update.goalDays)
        case .completeList, .reopenList, .cancelList, .restoreList:
            break
        case .share(let participant):
            field("username", participant.username)
            field("role", participant.role.rawValue)
        case .unshare(let username, _):
            field("username", username)
        case .addItem(let new):
            field("id", new.id)
            if let parent = new.parent { field("parent", parent) }
            placement(new.placement)
            field("title", new.title)
            if let notes = new.notes { field("notes", notes) }
            if let due = new.due { field("due", due.description) }
            if let location = new.location { field("location", location) }
            if let remindEvery = new.remindEvery { field("remindEvery", remindEvery) }
            if let remindBefore = new.remindBefore { field("remindBefore", remindBefore) }
            if let assignee = new.assignee { field("assignee", assignee) }
            if let rule = new.repeatRule { field("repeat", rule.rrule) }
            if new.sequential { field("sequential", true) }
            if let from = new.availableFrom { field("availableFrom", from.description) }
        case .updateItem(let item, let update):
            field("item", item)
            if let title = update.title { field("title", title) }
            change("notes", update.notes)
            change("due", update.due.map(\.description))
            change("location", update.location)
            change("remindEvery", update.remindEvery)
            change("remindBefore", update.remindBefore)
            change("assignee", update.assignee)
            change("repeat", update.repeatRule.map(\.rrule))
            if let sequential = update.sequential { field("sequential", sequential) }
            change("availableFrom", update.availableFrom.map(\.description))
        case .moveItem(let item, let parent, let placement):
            field("item", item)
            change("parent", parent.map(\.rawValue))
            self.placement(placement)
        case .completeItem(let item), .reopenItem(let item), .cancelItem(let item), .restoreItem(let item):
            field("item", item)
        case .checkIn(let item, let date, let value):
            field("item", item)
            field("date", date.description)
            field("value", value?.rawValue)
        case .cancelAttachment(let item, let attachment), .restoreAttachment(let item, let attachment):
            field("item", item)
            field("attachment", attachment)
        case .attach(let item, _):
            field("item", item)  // never sent: uploads go over HTTP
        }
    }

    /// `after` as the contract reads it: absent for last, `null` for first, an id for after it.
    private mutating func placement(_ placement: Placement) {
        switch placement {
        case .last: break
        case .first: field("after", nil as String?)
        case .after(let sibling): field("after", sibling)
        }
    }

    private mutating func change(_ key: StaticString, _ change: FieldChange<String>) {
        switch change {
        case .unchanged: break
        case .set(let value): field(key, value)
        case .clear: field(key, nil as String?)
        }
    }

    private mutating func change(_ key: StaticString, _ change: FieldChange<Int>) {
        switch change {
        case .unchanged: break
        case .set(let value): field(key, value)
        case .clear: field(key, nil as Int?)
        }
    }
}

extension FieldChange {
    /// The same change of another representation of the value.
    func map<Other: Hashable & Sendable>(_ transform: (Value) -> Other) -> FieldChange<Other> {
        switch self {
        case .unchanged: .unchanged
        case .set(let value): .set(transform(value))
        case .clear: .clear
        }
    }
}
