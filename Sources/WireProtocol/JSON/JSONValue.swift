/// A parsed JSON value.
///
/// Why our own tree instead of `Any` from `JSONSerialization`: request handlers must tell
/// an absent field (`object["x"] == nil`) from an explicit `null` (`.null`) from a value of
/// the wrong type, and must tell `1800` (an integer) from `1800.5`. Both distinctions are lost
/// once values become `NSNumber`/`NSNull`.
///
/// Objects keep their keys in an array of pairs (order as written) plus fast lookup; duplicate
/// keys are a parse error. For example:
///
/// ```swift
/// let request = try JSONParser.parse(#"{"type":"op","remindEvery":1800}"#)
/// request["remindEvery"]?.int64Value   // 1800
/// request["missing"]                   // nil (absent)
/// ```
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}
