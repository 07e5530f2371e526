public import ChecklistCore
public import GRDB

// Ids are stored as the TEXT they are on the wire. These conformances let GRDB bind them as
// statement arguments and read them from rows (`row["list_id"] as ListID`) with no more work
// than for a String: each delegates to String's own conversion. The implementations live on
// `StringIdentifier`, a more specific constraint than GRDB's default for a `Codable` value
// (JSON text), so they win over it; each id type only declares the conformances.

extension StringIdentifier where Self: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        String.fromDatabaseValue(dbValue).map(Self.init)
    }
}

extension StringIdentifier where Self: StatementColumnConvertible {
    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(String(sqliteStatement: sqliteStatement, index: index))
    }
}

extension ListID: DatabaseValueConvertible, StatementColumnConvertible {}
extension ItemID: DatabaseValueConvertible, StatementColumnConvertible {}
extension UserID: DatabaseValueConvertible, StatementColumnConvertible {}
extension AttachmentID: DatabaseValueConvertible, StatementColumnConvertible {}
