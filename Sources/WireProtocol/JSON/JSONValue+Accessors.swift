/// Typed views of a `JSONValue`.
///
/// Each accessor returns `nil` when the value has another type, so a handler can write
/// `guard let title = request["title"]?.stringValue` and report "wrong type" and "absent"
/// separately by first checking `request["title"] == nil`.
extension JSONValue {
    /// The member named `key` if this is an object that has it; `nil` otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// `true` only for `.null` (not for an absent member).
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The exact integer, if this is a number with an integral value in `Int64` range.
    ///
    /// See `JSONNumber.int64` for which spellings count as integral (`1800`, `1800.0`, `1.8e3`).
    public var int64Value: Int64? { numberValue?.int64 }

    /// `int64Value` as an `Int` (the same on the 64-bit platforms Checkwire runs on).
    public var intValue: Int? { numberValue?.int }

    public var doubleValue: Double? { numberValue?.double }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }
}
