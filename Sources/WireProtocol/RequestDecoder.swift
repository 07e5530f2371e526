import ChecklistCore

/// Turns one text message into a `Request`, or says exactly what is wrong with it.
///
/// Unknown fields are ignored (clients may be newer than the server); unknown `type`s and
/// `op`s, missing or ill-typed fields and over-long strings are errors.
public enum RequestDecoder {
    /// - Parameter newID: makes an id for an `addItem` that did not choose its own.
    public static func decode(_ bytes: [UInt8], newID: () -> String) throws(RequestDecodingError) -> Request {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw RequestDecodingError("invalid JSON: \(error.description)")
        }
        guard case .object(let object) = value else {
            throw RequestDecodingError("a request must be a JSON object with a string \"type\"")
        }
        let ref: String?
        do throws(RequestDecodingError) {
            ref = try readRef(object)
        } catch {
            // Like every other error of an op, this one echoes the opId (when it is readable).
            var error = error
            if object["type"]?.stringValue == "op", let opID = object["opId"]?.stringValue, !opID.isEmpty,
                opID.count <= Limits.opID
            {
                error.opID = opID
            }
            throw error
        }
        do {
            return Request(ref: ref, body: try body(of: object, newID: newID))
        } catch {
            var error = error
            error.ref = ref
            throw error
        }
    }

    private static func readRef(_ object: JSONObject) throws(RequestDecodingError) -> String? {
        guard let value = object["ref"], !value.isNull else { return nil }
        guard let ref = value.stringValue else { throw RequestDecodingError("\"ref\" must be a string") }
        guard ref.count <= Limits.ref else {
            throw RequestDecodingError("\"ref\" is \(ref.count) characters long; at most \(Limits.ref) are allowed")
        }
        return ref
    }

    /// `pushSubscribe`: the fields' shapes; whether the endpoint and keys are usable is the
    /// server's check (`PushSubscription`), which knows whether loopback endpoints are allowed.
    private static func pushSubscribe(_ fields: FieldReader) throws(RequestDecodingError) -> Request.Body {
        let endpoint = try fields.requiredString("endpoint", limit: 2_048)
        guard let keys = fields.object["keys"]?.objectValue else {
            throw RequestDecodingError("pushSubscribe needs \"keys\": {\"p256dh\": …, \"auth\": …}")
        }
        let keyFields = FieldReader(object: keys, context: "keys")
        let p256dh = try keyFields.requiredString("p256dh", limit: 200)
        let auth = try keyFields.requiredString("auth", limit: 100)
        let device = try fields.requiredString("device", limit: Limits.deviceName).trimmingWhitespace
        guard !device.isEmpty else {
            throw RequestDecodingError("\"device\" must name the device, such as \"Chromium on Linux\" or \"Phone\"")
        }
        return .pushSubscribe(endpoint: endpoint, p256dh: p256dh, auth: auth, device: device)
    }

    private static func body(of object: JSONObject, newID: () -> String) throws(RequestDecodingError) -> Request.Body {
        guard let type = object["type"]?.stringValue else {
            throw RequestDecodingError("every request needs a string \"type\"")
        }
        let fields = FieldReader(object: object, context: type)
        // The checklist group first, `op` first in it: edits are most of what a server reads.
        if let body = try checklist(type, fields, newID: newID) { return body }
        if let body = try account(type, fields) { return body }
        if let body = try planning(type, fields) { return body }
        if let body = try filesAndDevices(type, fields) { return body }
        throw RequestDecodingError(
            "unknown type \"\(type)\"; expected signup, login, auth, logout, lists, subscribe, unsubscribe, op, settings, dismissReminder, snoozeReminder, history, agenda, search, feed, attachmentURL, pushKey, pushSubscribe, devices or pushUnsubscribe"
        )
    }

    /// Signing up and in, and the user's settings. Nil for a type of another group.
    private static func account(_ type: String, _ fields: FieldReader) throws(RequestDecodingError) -> Request.Body? {
        switch type {
        case "signup", "login":
            let username = try fields.requiredString("username", limit: 256)
            let password = try fields.requiredString("password", limit: Limits.maximumPasswordLength)
            return type == "signup"
                ? .signup(username: username, password: password) : .login(username: username, password: password)
        case "auth":
            return .auth(token: try fields.requiredString("token", limit: 256))
        case "logout":
            return .logout
        case "settings":
            return .settings(timeZone: try fields.timeZone(), email: try fields.emailSettingsChange())
        default:
            return nil
        }
    }

    /// The checklists: reading them, following one, editing (`op`) and a habit's history.
    private static func checklist(_ type: String, _ fields: FieldReader, newID: () -> String)
        throws(RequestDecodingError) -> Request.Body?
    {
        switch type {
        case "op":
            let opID = try fields.requiredString("opId", limit: Limits.opID)
            guard !opID.isEmpty else { throw RequestDecodingError("\"opId\" must not be empty") }
            do {
                return .op(opID: opID, try OperationDecoder.decode(fields, newID: newID))
            } catch {
                var error = error
                error.opID = opID
                throw error
            }
        case "lists":
            return .lists
        case "subscribe":
            let list: ListID = try fields.id("list")
            guard let sinceValue = fields.object["since"], !sinceValue.isNull else {
                return .subscribe(list: list, since: nil)
            }
            guard let since = sinceValue.int64Value else {
                throw RequestDecodingError("\"since\" must be a whole number: the last seq you saw")
            }
            return .subscribe(list: list, since: since)
        case "unsubscribe":
            return .unsubscribe(list: try fields.id("list"))
        case "history":
            let (from, to) = try dateRange(fields, atMost: 366, of: "a history")
            return .history(
                list: try fields.id("list"), from: from, to: to,
                username: try fields.string("username", limit: 64, required: false))
        default:
            return nil
        }
    }

    /// What is due and found across the checklists: reminders, the agenda, search, the feed.
    private static func planning(_ type: String, _ fields: FieldReader) throws(RequestDecodingError) -> Request.Body? {
        switch type {
        case "dismissReminder":
            return .dismissReminder(list: try fields.id("list"), item: try fields.id("item"), at: try fields.time("at"))
        case "snoozeReminder":
            return .snoozeReminder(
                list: try fields.id("list"), item: try fields.id("item"), until: try fields.time("until"))
        case "agenda":
            let (from, to) = try dateRange(fields, atMost: 92, of: "an agenda")
            return .agenda(from: from, to: to)
        case "search":
            return try search(fields)
        case "feed":
            return .feed(list: try fields.optionalID("list"), rotate: try fields.flag("rotate") ?? false)
        default:
            return nil
        }
    }

    /// Attachments' signed URLs and the devices that take Web Push.
    private static func filesAndDevices(_ type: String, _ fields: FieldReader) throws(RequestDecodingError)
        -> Request.Body?
    {
        switch type {
        case "attachmentURL":
            return .attachmentURL(id: try fields.id("id"))
        case "pushKey":
            return .pushKey
        case "pushSubscribe":
            return try pushSubscribe(fields)
        case "devices":
            return .devices
        case "pushUnsubscribe":
            return .pushUnsubscribe(id: try fields.requiredString("id", limit: Limits.opID))
        default:
            return nil
        }
    }

    private static func search(_ fields: FieldReader) throws(RequestDecodingError) -> Request.Body {
        let query = try fields.requiredString("q", limit: 200)
        guard !query.trimmingWhitespace.isEmpty else { throw RequestDecodingError("\"q\" must not be empty") }
        var limit: Int?
        if let value = fields.object["limit"], !value.isNull {
            guard let number = value.int64Value, (1...100).contains(number) else {
                throw RequestDecodingError("\"limit\" must be a whole number from 1 to 100")
            }
            limit = Int(number)
        }
        return .search(query: query, limit: limit)
    }

    /// `from` and `to`, in order and at most `days` days apart.
    private static func dateRange(_ fields: FieldReader, atMost days: Int, of what: String)
        throws(RequestDecodingError) -> (from: CivilDate, to: CivilDate)
    {
        let from = try fields.date("from")
        let to = try fields.date("to")
        guard from <= to else { throw RequestDecodingError("\"from\" (\(from)) is after \"to\" (\(to))") }
        guard to.daysSinceEpoch - from.daysSinceEpoch < days else {
            throw RequestDecodingError("\(what) covers at most \(days) days; \(from) to \(to) is longer")
        }
        return (from, to)
    }
}
