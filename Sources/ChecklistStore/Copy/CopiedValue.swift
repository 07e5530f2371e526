/// One column's value as `checkwire copy-store` carries it from one back end to another: the
/// five kinds SQLite stores, read as stored (text as its exact bytes, NUL included), so that
/// the target decides how its own column holds each one. No database library's type crosses
/// between the two stores' targets.
public enum CopiedValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The kind's name, for messages ("a column holds text where a number was expected").
    public var kind: String {
        switch self {
        case .null: "NULL"
        case .integer: "an integer"
        case .real: "a real number"
        case .text: "text"
        case .blob: "bytes"
        }
    }
}
