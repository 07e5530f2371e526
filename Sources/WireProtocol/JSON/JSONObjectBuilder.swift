/// Accumulates object members while rejecting duplicate keys; shared by the parser and
/// `JSONObject.init(_:)` so both enforce uniqueness the same way.
///
/// Duplicates are found by a linear scan while the object is small and by a hash index once
/// it passes `JSONObject.linearLookupLimit`, so the check is O(n) on hostile input.
struct JSONObjectBuilder {
    private var pairs: [(key: String, value: JSONValue)]
    private var index: [String: Int]?

    /// Starts with room for 8 members: one allocation covers a typical request object
    /// instead of regrowing at 1, 2, 4 and 8.
    init() {
        pairs = []
        pairs.reserveCapacity(8)
    }

    /// Appends a member; returns `false` (and appends nothing) if `key` is already present.
    mutating func append(_ key: String, _ value: JSONValue) -> Bool {
        if index != nil {
            guard index![key] == nil else { return false }
            index![key] = pairs.count
        } else {
            for pair in pairs where pair.key == key {
                return false
            }
            if pairs.count == JSONObject.linearLookupLimit {
                var built = [String: Int](minimumCapacity: pairs.count * 2)
                for (position, pair) in pairs.enumerated() {
                    built[pair.key] = position
                }
                built[key] = pairs.count
                index = built
            }
        }
        pairs.append((key, value))
        return true
    }

    func build() -> JSONObject {
        JSONObject(uncheckedPairs: pairs, index: index)
    }
}
