/// `key` + value in one call, the usual way to write an object member.
///
/// The optional overloads write `null` for `nil`, because the wire format distinguishes an
/// explicit `null` (e.g. "due date cleared") from an absent member; to omit a member, simply
/// don't call `field`.
extension JSONWriter {
    public mutating func field(_ key: StaticString, _ s: String?) {
        self.key(key)
        if let s { string(s) } else { null() }
    }

    public mutating func field(_ key: StaticString, _ i: Int?) {
        self.key(key)
        if let i { int(i) } else { null() }
    }

    public mutating func field(_ key: StaticString, _ d: Double?) {
        self.key(key)
        if let d { double(d) } else { null() }
    }

    public mutating func field(_ key: StaticString, _ b: Bool?) {
        self.key(key)
        if let b { bool(b) } else { null() }
    }

    /// Named `value:` so that `field("k", "text")` is never ambiguous with the `String?` overload.
    public mutating func field(_ key: StaticString, value v: JSONValue) {
        self.key(key)
        value(v)
    }

    /// Writes `key` followed by already-encoded JSON (see `rawJSON(_:)`).
    public mutating func field(_ key: StaticString, rawJSON json: some Collection<UInt8>) {
        self.key(key)
        rawJSON(json)
    }
}
