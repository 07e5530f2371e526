/// Writing parsed or literal `JSONValue` trees, and numbers as they were parsed.
extension JSONWriter {
    /// Writes `v` as the next value; objects keep their member order.
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null:
            null()
        case .bool(let b):
            bool(b)
        case .number(let n):
            number(n)
        case .string(let s):
            string(s)
        case .array(let elements):
            beginArray()
            for element in elements {
                value(element)
            }
            endArray()
        case .object(let object):
            beginObject()
            for (k, v) in object.pairs {
                key(text: k)
                value(v)
            }
            endObject()
        }
    }

    /// Writes an exact integer as an integer, anything else as `double(_:)` does.
    public mutating func number(_ n: JSONNumber) {
        separate()
        switch n.storage {
        case .integer(let i): appendInteger(i)
        case .double(let d, _): appendDouble(d)
        }
        needsComma = true
    }
}
