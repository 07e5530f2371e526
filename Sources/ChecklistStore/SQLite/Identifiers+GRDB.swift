public import ChecklistCore
public import GRDB

// Ids are stored as the TEXT they are on the wire. These conformances let GRDB bind them as
// statement arguments and read them from rows (`row["list_id"] as ListID`) with no more work
// than for a String: each delegates to String's own conversion. They are spelled out per
// type because GRDB's default for a `Codable` value (JSON text) would otherwise compete.

extension ListID: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        String.fromDatabaseValue(dbValue).map(Self.init)
    }

    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(String(sqliteStatement: sqliteStatement, index: index))
    }
}

extension ItemID: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        String.fromDatabaseValue(dbValue).map(Self.init)
    }

    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(String(sqliteStatement: sqliteStatement, index: index))
    }
}

extension UserID: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        String.fromDatabaseValue(dbValue).map(Self.init)
    }

    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(String(sqliteStatement: sqliteStatement, index: index))
    }
}

extension AttachmentID: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        String.fromDatabaseValue(dbValue).map(Self.init)
    }

    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(String(sqliteStatement: sqliteStatement, index: index))
    }
}
