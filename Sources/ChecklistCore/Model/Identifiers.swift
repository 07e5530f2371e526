/// Identifiers are opaque strings (lower-case UUIDs when the server makes them), each kind
/// its own type so a list id cannot be passed where an item id is expected.
///
/// Each is one `String` and nothing else: hashing, comparing and storing one costs what the
/// string costs, and it is written to the wire and to the store as that string (`Codable` as
/// a single string value; a back end gives its database library the conversions).
///
/// For example:
/// ```swift
/// let list: ListID = "0b6c2a4e-…"          // a literal where the id is known
/// let item = ItemID("i\(n)")               // from any other string (interpolations too)
/// writer.field("list", list)               // on the wire as its string
/// ```
///
/// A few ids stay text on purpose: `AppliedEdit.createdID` and what carries it on (the ack's
/// `id`), because it is a list's or an item's; the Credentials tokens, because Credentials
/// does not import the core; the client's `ReferenceResolver`, which matches lists' and
/// items' ids against what the user typed; and the load tester, which splices ids into JSON.
public protocol StringIdentifier: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral,
    Codable
{
    var rawValue: String { get }
    init(_ rawValue: String)
}

extension StringIdentifier {
    @inlinable public init(stringLiteral value: String) { self.init(value) }
    @inlinable public var description: String { rawValue }
    @inlinable public var isEmpty: Bool { rawValue.isEmpty }
    @inlinable public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

public struct ListID: StringIdentifier {
    public let rawValue: String
    @inlinable public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct ItemID: StringIdentifier {
    public let rawValue: String
    @inlinable public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct UserID: StringIdentifier {
    public let rawValue: String
    @inlinable public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// An attachment's id (see `Attachment`).
public struct AttachmentID: StringIdentifier {
    public let rawValue: String
    @inlinable public init(_ rawValue: String) { self.rawValue = rawValue }
}
