/// Appends compact JSON to a byte buffer; used to encode each outgoing message exactly once,
/// after which the same bytes are written to every subscriber.
///
/// Why a streaming writer instead of building a `JSONValue` tree: an event is encoded field by
/// field straight from the domain types, with no intermediate allocations. Commas are handled
/// for you: each value or key writes a separating comma when a sibling precedes it. For example:
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.field("type", "added")
/// writer.key("ids"); writer.beginArray(); writer.int(1); writer.int(2); writer.endArray()
/// writer.endObject()
/// // {"type":"added","ids":[1,2]}
/// ```
///
/// The writer does not check structure (a `key` inside an array, a missing `end…`): callers
/// are encoders written once per message type and covered by tests, and checking would cost
/// a container stack on every message.
public struct JSONWriter {
    /// The JSON written so far.
    public internal(set) var bytes: [UInt8]
    /// Whether the next key or value follows a sibling and so needs a comma first.
    var needsComma = false

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"k":` (preceded by a comma if needed); the next value belongs to this key.
    ///
    /// A literal, written as it is: every key of our messages is one, and not scanning them for
    /// characters to escape was a tenth of encoding a large `agenda` (session 11). `k` must
    /// need no escaping (checked in debug builds).
    public mutating func key(_ k: StaticString) {
        assert(
            !UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount).contains {
                $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
            })
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendASCII(k)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `"k":` for a key that is not a literal (a JSON object's own keys), escaped.
    public mutating func key(text k: String) {
        separate()
        appendQuoted(k)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ s: String) {
        separate()
        appendQuoted(s)
        needsComma = true
    }

    public mutating func bool(_ b: Bool) {
        separate()
        appendASCII(b ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        appendASCII("null")
        needsComma = true
    }

    /// Splices an already-encoded JSON value (for example a cached snapshot) as the next value.
    ///
    /// The bytes are trusted, not validated: they must be exactly one JSON value.
    public mutating func rawJSON(_ json: some Collection<UInt8>) {
        separate()
        if json.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: json)
        }
        needsComma = true
    }

    /// Empties the buffer, keeping its capacity, to encode another message.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    @inline(__always)
    mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
