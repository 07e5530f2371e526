import ChecklistCore

/// Lenient readers for the server's objects: a client ignores what it does not know and
/// treats an absent or ill-typed optional field as unset, so a newer server never breaks it.
extension JSONValue {
    func string(_ key: String) -> String? { self[key]?.stringValue }

    func int(_ key: String) -> Int? { self[key]?.intValue }

    func timestamp(_ key: String) -> Timestamp? { string(key).flatMap(Timestamp.init(rfc3339:)) }

    func due(_ key: String) -> Due? { string(key).flatMap(Due.init(wire:)) }

    func completion(_ key: String) -> Completion? {
        guard let value = self[key], let done = value.int("done"), let total = value.int("total") else { return nil }
        return Completion(done: done, total: total)
    }

    func required(_ key: String, in what: String) throws(ServerMessageDecodingError) -> String {
        guard let value = string(key) else { throw ServerMessageDecodingError("\(what) without \"\(key)\"") }
        return value
    }

    func requiredInt64(_ key: String, in what: String) throws(ServerMessageDecodingError) -> Int64 {
        guard let value = self[key]?.int64Value else { throw ServerMessageDecodingError("\(what) without \"\(key)\"") }
        return value
    }

    func requiredTimestamp(_ key: String, in what: String) throws(ServerMessageDecodingError) -> Timestamp {
        guard let value = timestamp(key) else {
            throw ServerMessageDecodingError("\(what) without \"\(key)\" (an RFC 3339 time)")
        }
        return value
    }
}

extension JSONObject {
    /// A copy with `key` set to `value` (replacing it in place, or appended).
    public func setting(_ key: String, _ value: JSONValue) -> JSONObject {
        var pairs = self.pairs.map { ($0.key, $0.value) }
        if let index = pairs.firstIndex(where: { $0.0 == key }) {
            pairs[index].1 = value
        } else {
            pairs.append((key, value))
        }
        return JSONObject(pairs)
    }
}
