import ChecklistCore
import Foundation
import PostgresNIO

/// A statement argument: what the back end binds, without a generic per call site. `nil`
/// payloads bind SQL `NULL`.
enum SQLValue {
    case text(String?)
    case int(Int64?)
    case real(Double)
    case bool(Bool)
    case bytes([UInt8]?)

    static func id<ID: StringIdentifier>(_ id: ID?) -> SQLValue { .text(id?.rawValue) }
    static func time(_ timestamp: Timestamp?) -> SQLValue { .int(timestamp?.milliseconds) }

    static func bindings(_ values: [SQLValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .text(let text?): bindings.append(NulEscape.encode(text))
            case .int(let number?): bindings.append(number)
            case .real(let number): bindings.append(number)
            case .bool(let flag): bindings.append(flag)
            case .bytes(let bytes?): bindings.append(ByteBuffer(bytes: bytes))
            case .text(nil), .int(nil), .bytes(nil): bindings.appendNull()
            }
        }
        return bindings
    }
}

/// One result row read by position, each column as the type the schema gives it.
struct SQLRow {
    let row: PostgresRandomAccessRow

    init(_ row: PostgresRow) { self.row = PostgresRandomAccessRow(row) }

    func text(_ index: Int) -> String? { (try? row[index].decode(String?.self))?.map(NulEscape.decode) }
    func string(_ index: Int) -> String { text(index) ?? "" }
    func int(_ index: Int) -> Int64? { try? row[index].decode(Int64?.self) }
    func int64(_ index: Int) -> Int64 { int(index) ?? 0 }
    func real(_ index: Int) -> Double { (try? row[index].decode(Double.self)) ?? 0 }
    func bool(_ index: Int) -> Bool { (try? row[index].decode(Bool.self)) ?? false }
    func bytes(_ index: Int) -> [UInt8]? {
        guard let buffer = try? row[index].decode(ByteBuffer?.self) else { return nil }
        return Array(buffer.readableBytesView)
    }
    func id<ID: StringIdentifier>(_ index: Int) -> ID { ID(string(index)) }
    func time(_ index: Int) -> Timestamp? { int(index).map(Timestamp.init(milliseconds:)) }
}

/// PostgreSQL's text cannot hold NUL, and the wire lets a client put `\u0000` in ids and
/// text (an opId's bytes are kept as `BYTEA` instead). Text is stored with NUL written as
/// U+FFFF followed by `0`, and U+FFFF itself doubled; text with neither is stored as it is,
/// so the escape costs a scan and nothing else.
enum NulEscape {
    static let escape: Character = "\u{FFFF}"

    static func encode(_ text: String) -> String {
        // A scan of the bytes, not the characters: every text of every row passes here, and
        // neither NUL nor U+FFFF (EF BF BF) can hide in a byte other than 0x00 or 0xEF.
        guard text.utf8.contains(where: { $0 == 0 || $0 == 0xEF }) else { return text }
        guard text.contains(where: { $0 == "\u{0}" || $0 == escape }) else { return text }
        var encoded = ""
        for character in text {
            if character == escape {
                encoded.append(escape)
                encoded.append(escape)
            } else if character == "\u{0}" {
                encoded.append(escape)
                encoded.append("0")
            } else {
                encoded.append(character)
            }
        }
        return encoded
    }

    static func decode(_ text: String) -> String {
        guard text.contains(escape) else { return text }
        var decoded = ""
        var escaping = false
        for character in text {
            if escaping {
                decoded.append(character == "0" ? "\u{0}" : character)
                escaping = false
            } else if character == escape {
                escaping = true
            } else {
                decoded.append(character)
            }
        }
        return decoded
    }
}
