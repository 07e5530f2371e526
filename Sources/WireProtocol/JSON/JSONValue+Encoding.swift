extension JSONValue: CustomStringConvertible {
    /// The compact JSON encoding of this value.
    ///
    /// Use `JSONWriter` directly on hot paths when the message is built field by field; this is
    /// for values that already exist as a tree (echoing, tests, logging).
    public func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.value(self)
        return writer.bytes
    }

    /// The compact JSON text, so test failures and logs show JSON rather than enum cases.
    public var description: String {
        String(decoding: encoded(), as: UTF8.self)
    }
}
