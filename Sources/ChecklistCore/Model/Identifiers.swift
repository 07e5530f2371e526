/// Identifiers are opaque strings (lower-case UUIDs when the server makes them).
///
/// Plain strings keep the wire, the store and the core free of conversions; the aliases
/// document which kind of id a value holds.
public typealias ListID = String
public typealias ItemID = String
public typealias UserID = String
