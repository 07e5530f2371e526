/// A JSON number that remembers whether it was written as an integer.
///
/// Why not just `Double`: ids, counters and durations such as `"remindEvery": 1800` must be
/// read exactly, and `Int64` values above 2^53 do not survive a trip through `Double`.
/// Integer literals that fit `Int64` are stored exactly; every other literal (`1.5`, `1e3`,
/// `-0`, `9223372036854775808`) is stored as the correctly rounded `Double`.
///
/// Equality is by mathematical value, not spelling: `1800` == `1800.0` == `1.8e3`, which is
/// what makes parse → encode → parse round trips compare equal.
public struct JSONNumber: Sendable, Equatable {
    enum Storage: Sendable {
        case integer(Int64)
        /// `isIntegerLiteral` is true for integer literals outside `Int64` range and for `-0`.
        case double(Double, isIntegerLiteral: Bool)
    }

    let storage: Storage

    /// An exact integer number.
    public init(_ value: Int64) { storage = .integer(value) }

    /// A number with the value `value`; `value` must be finite (JSON has no NaN/Infinity).
    public init(_ value: Double) {
        precondition(value.isFinite, "JSON numbers must be finite")
        storage = .double(value, isIntegerLiteral: false)
    }

    init(parsed value: Double, isIntegerLiteral: Bool) {
        storage = .double(value, isIntegerLiteral: isIntegerLiteral)
    }

    /// Whether the literal had no fraction and no exponent (`12`, `-0`, `1e400` is not).
    public var isIntegerLiteral: Bool {
        switch storage {
        case .integer: true
        case .double(_, let isIntegerLiteral): isIntegerLiteral
        }
    }

    /// The exact integer value, if the number is integral and in range; otherwise `nil`.
    ///
    /// Integer literals in `Int64` range always qualify. Other spellings (`1800.0`, `1.8e3`,
    /// `-0`) qualify when the parsed `Double` is integral and its magnitude is below 2^53,
    /// where doubles are spaced exactly 1 apart or less; larger doubles give `nil`, because
    /// `9007199254740993.0` parses to 2^53 and returning that would silently change the
    /// client's number.
    public var int64: Int64? {
        switch storage {
        case .integer(let value):
            return value
        case .double(let value, _):
            guard value.magnitude < 9_007_199_254_740_992 else { return nil }
            return Self.exactInt64(value)
        }
    }

    /// `int64` as an `Int`.
    public var int: Int? { int64.flatMap { Int(exactly: $0) } }

    /// The value as a `Double` (rounded for integers beyond 2^53).
    public var double: Double {
        switch storage {
        case .integer(let value): Double(value)
        case .double(let value, _): value
        }
    }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.integer(let a), .integer(let b)): a == b
        case (.double(let a, _), .double(let b, _)): a == b
        case (.integer(let a), .double(let b, _)), (.double(let b, _), .integer(let a)):
            Self.exactInt64(b) == a
        }
    }

    /// `Int64(exactly:)` without libm: the standard library's version calls `trunc`, which
    /// does not link in a module that imports neither Foundation nor Glibc.
    /// Converting to `Int64` truncates exactly for any in-range double, and converting
    /// back compares equal only if nothing was truncated.
    static func exactInt64(_ value: Double) -> Int64? {
        guard value >= -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0 else { return nil }
        let integer = Int64(value)
        return Double(integer) == value ? integer : nil
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int64) { self.init(value) }
    public init(floatLiteral value: Double) { self.init(value) }
}
