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
///
/// Why it owns its buffer instead of appending to a `[UInt8]`: an event is ~130 appends of a
/// few bytes each, and `Array`'s checks for a shared buffer and its generic bulk append cost
/// more than the copying. Writing into memory of its own took encoding the golden `addItem`
/// event from 5.74 to 2.95 µs (medians of six alternating runs of `checkwire
/// encode-benchmark`, docs/benchmarks.md, "The event encoder"). Noncopyable, so two writers never
/// share that memory; `bytes` copies it out once, at the end.
public struct JSONWriter: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Whether the next key or value follows a sibling and so needs a comma first.
    var needsComma = false

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The JSON written so far, as a new array.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    @inline(__always)
    mutating func appendByte(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        start[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func appendBytes(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress, source.count > 0 else { return }
        if capacity - count < source.count { grow(toHold: source.count) }
        (start + count).update(from: base, count: source.count)
        count += source.count
    }

    mutating func appendBytes(_ source: some Collection<UInt8>) {
        if source.withContiguousStorageIfAvailable({ appendBytes($0) }) == nil {
            for byte in source { appendByte(byte) }
        }
    }

    /// At least doubles the buffer, so that appending stays amortized O(1).
    private mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }

    public mutating func beginObject() {
        separate()
        appendByte(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        appendByte(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        appendByte(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        appendByte(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"k":` (preceded by a comma if needed); the next value belongs to this key.
    ///
    /// A literal, written as it is: every key of our messages is one, and not scanning them for
    /// characters to escape was a tenth of encoding a large `agenda` (measured for 0.11.0). `k` must
    /// need no escaping (checked in debug builds).
    public mutating func key(_ k: StaticString) {
        assert(
            !UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount).contains {
                $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
            })
        separate()
        appendByte(UInt8(ascii: "\""))
        appendASCII(k)
        appendByte(UInt8(ascii: "\""))
        appendByte(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `"k":` for a key that is not a literal (a JSON object's own keys), escaped.
    public mutating func key(text k: String) {
        separate()
        appendQuoted(k)
        appendByte(UInt8(ascii: ":"))
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
        appendBytes(json)
        needsComma = true
    }

    /// Empties the buffer, keeping its capacity, to encode another message.
    public mutating func reset() {
        count = 0
        needsComma = false
    }

    @inline(__always)
    mutating func separate() {
        if needsComma { appendByte(UInt8(ascii: ",")) }
    }

    mutating func appendASCII(_ text: StaticString) {
        appendBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
