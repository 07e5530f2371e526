/// One optional field of an update: left alone, set to a value, or cleared (`null` on the wire).
public enum FieldChange<Value: Hashable & Sendable>: Hashable, Sendable {
    case unchanged
    case set(Value)
    case clear

    /// The value after applying this change to `current`.
    public func applied(to current: Value?) -> Value? {
        switch self {
        case .unchanged: current
        case .set(let value): value
        case .clear: nil
        }
    }

    public var isUnchanged: Bool { self == .unchanged }
}
