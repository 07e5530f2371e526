import ChecklistCore

/// Reads the fields of one request object and says precisely what is wrong with them.
///
/// Absent, `null` and ill-typed are kept apart because the contract gives them different
/// meanings (`"due": null` clears, a missing `due` leaves it alone).
struct FieldReader {
    let object: JSONObject
    let context: String

    func has(_ key: String) -> Bool { object[key] != nil }

    func string(_ key: String, limit: Int, required: Bool = true) throws(RequestDecodingError) -> String? {
        guard let value = object[key], !value.isNull else {
            if required { throw RequestDecodingError("\(context) needs \"\(key)\" (a string)") }
            return nil
        }
        guard let text = value.stringValue else { throw RequestDecodingError("\"\(key)\" must be a string") }
        guard text.count <= limit else {
            throw RequestDecodingError("\"\(key)\" is \(text.count) characters long; at most \(limit) are allowed")
        }
        return text
    }

    func requiredString(_ key: String, limit: Int) throws(RequestDecodingError) -> String {
        try string(key, limit: limit, required: true) ?? ""
    }

    /// A title: a string of at most 500 characters that is not empty once trimmed (stored trimmed).
    func title(_ key: String = "title", required: Bool = true) throws(RequestDecodingError) -> String? {
        if !required, object[key]?.isNull == true {
            throw RequestDecodingError("\"\(key)\" cannot be cleared; leave it out to keep the current one")
        }
        guard let raw = try string(key, limit: Limits.title, required: required) else { return nil }
        let trimmed = raw.trimmingWhitespace
        guard !trimmed.isEmpty else { throw RequestDecodingError("\"\(key)\" must not be empty") }
        return trimmed
    }

    /// A non-empty id of the kind the caller expects (`ListID`, `ItemID`, …).
    func id<ID: StringIdentifier>(_ key: String) throws(RequestDecodingError) -> ID {
        let text = try requiredString(key, limit: Limits.id)
        guard !text.isEmpty else { throw RequestDecodingError("\"\(key)\" must not be empty") }
        return ID(text)
    }

    /// A field that may be left out, set, or cleared with `null`.
    func change(_ key: String, limit: Int) throws(RequestDecodingError) -> FieldChange<String> {
        guard let value = object[key] else { return .unchanged }
        if value.isNull { return .clear }
        return .set(try string(key, limit: limit) ?? "")
    }

    func due(_ key: String = "due") throws(RequestDecodingError) -> FieldChange<Due> {
        guard let value = object[key] else { return .unchanged }
        if value.isNull { return .clear }
        guard let text = value.stringValue, let due = Due(wire: text) else {
            throw RequestDecodingError(
                "\"\(key)\" must be a date like \"2027-03-12\" or a UTC time like \"2027-03-12T17:00:00Z\", or null")
        }
        return .set(due)
    }

    func remindEvery() throws(RequestDecodingError) -> FieldChange<Int> {
        guard let value = object["remindEvery"] else { return .unchanged }
        if value.isNull { return .clear }
        guard let seconds = value.int64Value, seconds > 0, seconds <= Int64(Limits.remindEvery) else {
            throw RequestDecodingError(
                "\"remindEvery\" must be a whole number of seconds from 1 to \(Limits.remindEvery), or null")
        }
        return .set(Int(seconds))
    }

    /// `remindBefore`: seconds before the due moment, 0 through 366 days.
    func remindBefore() throws(RequestDecodingError) -> FieldChange<Int> {
        guard let value = object["remindBefore"] else { return .unchanged }
        if value.isNull { return .clear }
        guard let seconds = value.int64Value, seconds >= 0, seconds <= Int64(Limits.remindBefore) else {
            throw RequestDecodingError(
                "\"remindBefore\" must be a whole number of seconds from 0 (at the due moment) to \(Limits.remindBefore) (366 days), or null"
            )
        }
        return .set(Int(seconds))
    }

    /// `goal`: a habit checklist's goal, a whole number of days from 1 to `Limits.goalDays`, or `null`.
    func goalDays() throws(RequestDecodingError) -> FieldChange<Int> {
        guard let value = object["goal"] else { return .unchanged }
        if value.isNull { return .clear }
        guard let days = value.int64Value, days >= 1, days <= Int64(Limits.goalDays) else {
            throw RequestDecodingError(
                "\"goal\" must be a whole number of days from 1 to \(Limits.goalDays), or null for no goal")
        }
        return .set(Int(days))
    }

    /// A username to assign the item to, or `null` to unassign.
    func assignee() throws(RequestDecodingError) -> FieldChange<String> {
        guard let value = object["assignee"] else { return .unchanged }
        if value.isNull { return .clear }
        let username = try requiredString("assignee", limit: 64)
        guard !username.isEmpty else {
            throw RequestDecodingError("\"assignee\" must be a participant's username, or null")
        }
        return .set(username)
    }

    /// `repeat`: the contract's RRULE subset, or `null` to stop repeating.
    func repeatRule() throws(RequestDecodingError) -> FieldChange<RepeatRule> {
        guard let value = object["repeat"] else { return .unchanged }
        if value.isNull { return .clear }
        let text = try requiredString("repeat", limit: 200)
        do throws(DomainError) {
            return .set(try RepeatRule(parsing: text))
        } catch {
            throw RequestDecodingError(error.message)
        }
    }

    /// An optional boolean (`null` is the same as leaving it out).
    func flag(_ key: String) throws(RequestDecodingError) -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw RequestDecodingError("\"\(key)\" must be true or false") }
        return flag
    }

    /// `kind` of a new checklist: `checklist` (the default) or `habits`.
    func checklistKind() throws(RequestDecodingError) -> ChecklistKind {
        guard let value = object["kind"], !value.isNull else { return .checklist }
        guard let text = value.stringValue, let kind = ChecklistKind(rawValue: text) else {
            throw RequestDecodingError("\"kind\" must be \"checklist\" or \"habits\"")
        }
        return kind
    }

    /// A required date (`"2027-03-12"`).
    func date(_ key: String) throws(RequestDecodingError) -> CivilDate {
        let text = try requiredString(key, limit: 10)
        guard let date = CivilDate(iso: text) else {
            throw RequestDecodingError("\"\(key)\" must be a date like \"2027-03-12\"")
        }
        return date
    }

    /// A check-in's `value`: `done`, `skipped`, or `null` to undo (required, so an undo is never an accident).
    func checkInValue() throws(RequestDecodingError) -> CheckInValue? {
        guard let value = object["value"] else {
            throw RequestDecodingError("checkIn needs \"value\": \"done\", \"skipped\" or null (to undo)")
        }
        if value.isNull { return nil }
        guard let text = value.stringValue, let checked = CheckInValue(rawValue: text) else {
            throw RequestDecodingError("\"value\" must be \"done\", \"skipped\" or null (to undo)")
        }
        return checked
    }

    /// An IANA time zone name, or `nil` when absent or `null` (a zone is never cleared, so
    /// `null` follows the one rule: the same as leaving it out).
    func timeZone(_ key: String = "tz") throws(RequestDecodingError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let name = value.stringValue else {
            throw RequestDecodingError(TimeZoneName.refusal("\(value)", field: key))
        }
        guard let zone = TimeZoneName.validated(name) else {
            throw RequestDecodingError(TimeZoneName.refusal(name, field: key))
        }
        return zone
    }

    /// A required RFC 3339 UTC time (`"2026-11-21T14:00:00Z"`).
    func time(_ key: String) throws(RequestDecodingError) -> Timestamp {
        let text = try requiredString(key, limit: 40)
        guard let instant = Timestamp(rfc3339: text) else {
            throw RequestDecodingError("\"\(key)\" must be a UTC time like \"2026-11-21T14:00:00Z\"")
        }
        return instant
    }

    /// `after`: absent = last, `null` = first, an id = right after that sibling.
    func placement() throws(RequestDecodingError) -> Placement {
        guard let value = object["after"] else { return .last }
        if value.isNull { return .first }
        return .after(try id("after"))
    }

    /// `parent` of a move: absent = same parent, `null` = root, an id = under that item.
    func parentChange() throws(RequestDecodingError) -> FieldChange<ItemID> {
        guard let value = object["parent"] else { return .unchanged }
        if value.isNull { return .clear }
        return .set(try id("parent"))
    }

    func optionalID<ID: StringIdentifier>(_ key: String) throws(RequestDecodingError) -> ID? {
        guard let value = object[key], !value.isNull else { return nil }
        return try id(key)
    }
}

extension FieldChange {
    /// The value to create with: absent and `null` both mean none.
    var valueForCreate: Value? {
        if case .set(let value) = self { return value }
        return nil
    }
}

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
