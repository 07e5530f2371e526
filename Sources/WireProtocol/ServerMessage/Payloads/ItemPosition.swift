/// An item's place among its siblings. The contract allows a number or a string and says to
/// compare only within one type; numbers sort before strings so a mixed list stays stable.
public enum ItemPosition: Sendable, Hashable, Comparable {
    case number(Double)
    case text(String)

    init(_ value: JSONValue?) {
        if let number = value?.doubleValue {
            self = .number(number)
        } else if let text = value?.stringValue {
            self = .text(text)
        } else {
            self = .number(0)
        }
    }

    public static func < (lhs: ItemPosition, rhs: ItemPosition) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): a < b
        case (.text(let a), .text(let b)): a < b
        case (.number, .text): true
        case (.text, .number): false
        }
    }
}
