import Testing

@testable import PostgresStore

/// The statements a PostgreSQL batch writes many rows with.
@Suite struct RowsStatementTests {
    @Test func rowsAreNumberedOneParameterAfterAnother() {
        let statement = RowsStatement(head: "INSERT INTO t (a, b) VALUES", tail: "ON CONFLICT DO NOTHING", columns: 2)
        #expect(statement.sql(rows: 1) == "INSERT INTO t (a, b) VALUES ($1,$2) ON CONFLICT DO NOTHING")
        #expect(
            statement.sql(rows: 3) == "INSERT INTO t (a, b) VALUES ($1,$2), ($3,$4), ($5,$6) ON CONFLICT DO NOTHING")
    }

    @Test func placeholdersForKeysOfOneOrTwoColumns() {
        #expect(PostgresStorage.placeholders(3, width: 1) == "$1, $2, $3")
        #expect(PostgresStorage.placeholders(2, width: 2) == "($1,$2), ($3,$4)")
        #expect(
            PostgresStorage.placeholders(2, width: 2, types: ["text", "bytea"])
                == "($1::text,$2::bytea), ($3::text,$4::bytea)")
    }
}
