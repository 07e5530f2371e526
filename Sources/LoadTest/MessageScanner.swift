/// Reads the few top-level fields the load tester needs from one JSON message, without
/// building a tree.
///
/// Why not `JSONParser`: a subscriber receives every event, and at 100,000 deliveries per
/// second a full parse per message would cost the measuring client more CPU than the server
/// spends delivering. This scanner walks the top-level object once, skips nested values by
/// depth counting (strings and escapes respected), and keeps only `type`, `seq`, `opId`,
/// `list`, and the nchan payload's `w`, `n` and `t`, and stops as soon as the fields a
/// message of its type needs have been read. Anything malformed before that yields `nil`.
///
/// For example:
/// ```swift
/// let fields = MessageScanner.scan(bytes)   // {"type":"event","list":"l1","seq":7,...}
/// fields?.kind == .event; fields?.seq == 7
/// ```
public struct ScannedMessage: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case event, ack, error, subscribed, snapshot, authed, other
    }

    public var kind = Kind.other
    public var seq: Int64?
    /// Byte ranges of the string values (no unescaping: our values never contain escapes).
    public var opID: Range<Int>?
    public var list: Range<Int>?
    public var code: Range<Int>?
    /// nchan payload fields: writer, number, send time (ns).
    public var writer: Int64?
    public var number: Int64?
    public var sentAt: Int64?

    /// The fields a subscriber or writer uses are in: the rest of the message (an event's
    /// `changes`, most of its bytes) need not be read. Servers write these fields first.
    var hasEverythingNeeded: Bool {
        switch kind {
        case .event, .ack: seq != nil && opID != nil
        case .subscribed, .snapshot: seq != nil
        case .other: writer != nil && number != nil && sentAt != nil
        case .error, .authed: false
        }
    }
}

public enum MessageScanner {
    public static func scan(_ bytes: [UInt8]) -> ScannedMessage? {
        bytes.withUnsafeBufferPointer { scan(buffer: $0) }
    }

    public static func scan(buffer b: UnsafeBufferPointer<UInt8>) -> ScannedMessage? {
        var cursor = ScanCursor(b)
        var result = ScannedMessage()
        cursor.skipSpace()
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        while true {
            cursor.skipSpace()
            guard let next = cursor.current else { return nil }
            if next == UInt8(ascii: "}") { break }
            guard let key = cursor.string() else { return nil }
            cursor.skipSpace()
            guard cursor.take(UInt8(ascii: ":")) else { return nil }
            cursor.skipSpace()
            guard cursor.current != nil, cursor.readField(key, into: &result) else { return nil }
            if result.hasEverythingNeeded { return result }
            cursor.skipSpace()
            if cursor.take(UInt8(ascii: ",")) { continue }
            if cursor.current == UInt8(ascii: "}") { break }
            return nil
        }
        return result
    }

    /// Splits an opId written by `OpID.make` into writer, number and send time.
    public static func opIDFields(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (
        writer: Int, number: Int, sentAt: UInt64
    )? {
        // "<prefix>.<sentAt>.<writer>.<number>"
        var parts: [Int64] = []
        parts.reserveCapacity(3)
        var value: Int64 = 0
        var seenDot = false
        var digits = 0
        for k in range {
            let c = buffer[k]
            if c == UInt8(ascii: ".") {
                if seenDot {
                    guard digits > 0 else { return nil }
                    parts.append(value)
                }
                seenDot = true
                value = 0
                digits = 0
            } else if seenDot {
                guard c >= 0x30, c <= 0x39 else { return nil }
                value = value &* 10 &+ Int64(c - 0x30)
                digits += 1
            }
        }
        guard seenDot, digits > 0 else { return nil }
        parts.append(value)
        guard parts.count == 3 else { return nil }
        return (Int(parts[1]), Int(parts[2]), UInt64(parts[0]))
    }
}

/// opIds that carry who sent them and when: `<prefix>.<sentAt ns>.<writer>.<number>`.
///
/// Why carry the send time in the opId: the event echoes the opId, so every subscriber can
/// compute edit→delivery latency from the message itself, with no table shared between the
/// writers and the subscribers. Monotonic clock of this process, so only meaningful here.
///
/// Why the prefix and the padding: the server keeps a unique index of each author's opIds,
/// and where new opIds land in it decides how many of its pages every commit writes
/// (docs/benchmarks.md, "Time-ordered opIds"). `.timeOrdered` opIds sort by the time they were made, as the UUIDv7s of
/// Checkwire's own clients do, also across runs of one account; `.random` ones land anywhere,
/// as a UUIDv4 client's do.
public enum OpID {
    public enum Order: String, Sendable, CaseIterable {
        /// The run's prefix (its wall-clock start, then its tag), then the send time zero-padded.
        case timeOrdered = "time"
        /// 16 random hex digits first.
        case random
    }

    /// The run's prefix: its start in Unix milliseconds (13 digits until the year 2286), then
    /// its tag, so a later run's opIds sort after an earlier run's.
    public static func runPrefix(tag: String, unixMilliseconds: UInt64) -> String {
        padded(unixMilliseconds, width: 13) + tag
    }

    /// `random` is asked for only by `.random` opIds.
    public static func make(
        order: Order, prefix: String, writer: Int, number: Int, sentAt: UInt64, random: @autoclosure () -> UInt64
    ) -> String {
        switch order {
        case .timeOrdered:
            return "\(prefix).\(padded(sentAt, width: 20)).\(writer).\(number)"
        case .random:
            let hex = String(random(), radix: 16)
            return "\(String(repeating: "0", count: max(0, 16 - hex.count)))\(hex).\(sentAt).\(writer).\(number)"
        }
    }

    /// A setup request's opId (`name` says what it is): after the prefix, "." sorts before
    /// every digit, so these sort before the run's timed opIds, as opIds made earlier do.
    public static func setup(prefix: String, _ name: String) -> String { "\(prefix).0.\(name)" }

    private static func padded(_ value: UInt64, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A position in one message's bytes, and the few JSON steps the scanner takes from there.
/// A value the scanner keeps on its stack: each step is inlined into `scan`, which is the
/// measuring client's hot loop.
struct ScanCursor {
    let b: UnsafeBufferPointer<UInt8>
    var i = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { b = bytes }

    /// The byte at the cursor, or `nil` at the end.
    var current: UInt8? {
        @inline(__always) get { i < b.count ? b[i] : nil }
    }

    /// Steps over `byte` if it is the one at the cursor.
    @inline(__always) mutating func take(_ byte: UInt8) -> Bool {
        guard i < b.count, b[i] == byte else { return false }
        i += 1
        return true
    }

    @inline(__always) mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    /// The range of the string's contents; the cursor ends after the closing quote.
    mutating func string() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = i
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\\") { i += 2; continue }
            if c == UInt8(ascii: "\"") { i += 1; return start..<(i - 1) }
            i += 1
        }
        return nil
    }

    mutating func integer() -> Int64? {
        let negative = take(UInt8(ascii: "-"))
        var value: Int64 = 0
        var digits = 0
        while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
            value = value &* 10 &+ Int64(b[i] - 0x30)
            i += 1
            digits += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    /// Skips any value (nested containers by depth).
    mutating func skipValue() -> Bool {
        guard i < b.count else { return false }
        switch b[i] {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return skipContainer()
        default:
            while i < b.count, b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: "}") { i += 1 }
            return true
        }
    }

    private mutating func skipContainer() -> Bool {
        var depth = 0
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                guard string() != nil else { return false }
                continue
            }
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
            if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { i += 1; return true }
            }
            i += 1
        }
        return false
    }

    func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let p = literal.utf8Start
        for k in 0..<range.count where b[range.lowerBound + k] != p[k] { return false }
        return true
    }

    /// Reads the value of `key` into `result` if the scanner keeps it, else skips it; `false`
    /// when the value is malformed. The cursor is on the value's first byte.
    mutating func readField(_ key: Range<Int>, into result: inout ScannedMessage) -> Bool {
        let isString = b[i] == UInt8(ascii: "\"")
        switch key.count {
        case 4 where isString && equals(key, "type"):
            guard let value = string() else { return false }
            if let kind = kind(value) { result.kind = kind }
        case 3 where !isString && equals(key, "seq"):
            guard let value = integer() else { return false }
            result.seq = value
        case 4 where isString && equals(key, "opId"):
            result.opID = string()
        case 4 where isString && equals(key, "list"):
            result.list = string()
        case 4 where isString && equals(key, "code"):
            result.code = string()
        case 1 where !isString && equals(key, "w"):
            result.writer = integer()
        case 1 where !isString && equals(key, "n"):
            result.number = integer()
        case 1 where !isString && equals(key, "t"):
            result.sentAt = integer()
        default:
            return skipValue()
        }
        return true
    }

    /// The kind a `type` value names, or `nil` for one the load tester does not tell apart.
    private func kind(_ value: Range<Int>) -> ScannedMessage.Kind? {
        if equals(value, "event") { return .event }
        if equals(value, "ack") { return .ack }
        if equals(value, "error") { return .error }
        if equals(value, "subscribed") { return .subscribed }
        if equals(value, "snapshot") { return .snapshot }
        if equals(value, "authed") { return .authed }
        return nil
    }
}
