/// Why and where a document is not strict JSON.
///
/// `offset` is the zero-based byte offset in the input where the problem was detected (for a
/// string problem, the offending byte or escape; for a missing closer, the end of input), so a
/// client error reply can point at it. `reason` is short, lowercase English, stable enough to
/// test against.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// For example `invalid JSON at byte 17: expected ',' or '}'`.
    public var description: String {
        "invalid JSON at byte \(offset): \(reason)"
    }
}
