/// A JSON object: members in the order written, plus fast lookup by key.
///
/// Why an array of pairs rather than a `Dictionary`: requests have a handful of keys, and a
/// linear scan over ≤ `linearLookupLimit` short keys beats hashing them (no hash index is
/// built for small objects, which keeps parsing allocation-light). Larger objects get a
/// `[String: Int]` index so hostile inputs with thousands of keys stay O(n).
///
/// Keys are unique: the parser rejects duplicates and `init(_:)` traps on them.
/// Equality ignores member order, as JSON object semantics do.
public struct JSONObject: Sendable, Equatable {
    /// Objects with more members than this get a hash index.
    static let linearLookupLimit = 12

    /// The members in the order they were written.
    public let pairs: [(key: String, value: JSONValue)]
    /// Key → position in `pairs`; only present above `linearLookupLimit` members.
    let index: [String: Int]?

    init(uncheckedPairs pairs: [(key: String, value: JSONValue)], index: [String: Int]?) {
        self.pairs = pairs
        self.index = index
    }

    /// An object with these members in this order. Traps if a key repeats.
    public init(_ pairs: [(String, JSONValue)]) {
        var builder = JSONObjectBuilder()
        for (key, value) in pairs {
            precondition(builder.append(key, value), "duplicate JSON object key \"\(key)\"")
        }
        self = builder.build()
    }

    /// An empty object.
    public init() { self.init(uncheckedPairs: [], index: nil) }

    /// The value for `key`, or `nil` when the key is absent (`.null` when it is `null`).
    public subscript(key: String) -> JSONValue? {
        if let index {
            return index[key].map { pairs[$0].value }
        }
        for pair in pairs where pair.key == key {
            return pair.value
        }
        return nil
    }

    /// The keys in the order written.
    public var keys: [String] { pairs.map(\.key) }

    public var count: Int { pairs.count }

    public var isEmpty: Bool { pairs.isEmpty }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.pairs where rhs[key] != value {
            return false
        }
        return true
    }
}
