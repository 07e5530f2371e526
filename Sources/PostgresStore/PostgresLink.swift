import ChecklistStore
import Foundation
import Logging
import PostgresNIO

/// One connection to PostgreSQL, driven from a thread that may block (the store thread, or the
/// opening thread): each call sends its statements and waits on their futures, while the
/// connection's own event loop does the I/O. Never called on an event loop.
///
/// Why blocking rather than `async`: the store thread runs a batch's jobs in order against the
/// rules and must not interleave with anything; waiting for a future keeps that model, and
/// postgres-nio documents `wait()` as allowed on a thread of one's own.
///
/// Statements sent together (`send` several, then `finish`) go out one after another without
/// waking this thread between them: a batch's writes cost one wait, not one per statement.
final class PostgresLink {
    let url: PostgresURL
    private let group: MultiThreadedEventLoopGroup
    private let logger: Logger
    private var connection: PostgresConnection?

    init(url: PostgresURL, label: String) {
        self.url = url
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var logger = Logger(label: label)
        logger.logLevel = .critical
        self.logger = logger
    }

    /// The open connection, connecting first when there is none (or it was lost).
    func connected() throws(StorageFailure) -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        connection = nil
        do {
            let opened = try PostgresConnection.connect(
                on: group.next(), configuration: try configuration(), id: 1, logger: logger
            ).wait()
            connection = opened
            return opened
        } catch {
            throw StorageFailure(Self.describe(error, url: url))
        }
    }

    var isConnected: Bool { connection.map { !$0.isClosed } ?? false }

    /// Runs one statement and returns its rows.
    @discardableResult
    func query(_ sql: String, _ values: [SQLValue] = []) throws(StorageFailure) -> [SQLRow] {
        let connection = try connected()
        do {
            let result = try connection.query(
                PostgresQuery(unsafeSQL: sql, binds: SQLValue.bindings(values)), logger: logger
            ).wait()
            return result.rows.map(SQLRow.init)
        } catch {
            throw Self.failure(error, url: url)
        }
    }

    /// The number of rows a statement changed.
    func execute(_ sql: String, _ values: [SQLValue] = []) throws(StorageFailure) -> Int {
        let connection = try connected()
        do {
            let result = try connection.query(
                PostgresQuery(unsafeSQL: sql, binds: SQLValue.bindings(values)), logger: logger
            ).wait()
            return result.metadata.rows ?? 0
        } catch {
            throw Self.failure(error, url: url)
        }
    }

    /// Statements queued on the connection without waiting (see `finish`).
    struct Pipeline {
        fileprivate var futures: [EventLoopFuture<PostgresQueryResult>] = []
    }

    func send(_ sql: String, _ values: [SQLValue], in pipeline: inout Pipeline) throws(StorageFailure) {
        let connection = try connected()
        pipeline.futures.append(
            connection.query(PostgresQuery(unsafeSQL: sql, binds: SQLValue.bindings(values)), logger: logger))
    }

    /// Waits for every statement of the pipeline; throws the first failure (in a transaction,
    /// the ones after it fail too, and the transaction is rolled back by the caller).
    func finish(_ pipeline: Pipeline) throws(StorageFailure) {
        _ = try rows(of: pipeline)
    }

    /// `finish`, returning each statement's rows in the order they were sent.
    func rows(of pipeline: Pipeline) throws(StorageFailure) -> [[SQLRow]] {
        var first: (any Error)?
        var results: [[SQLRow]] = []
        results.reserveCapacity(pipeline.futures.count)
        for future in pipeline.futures {
            do {
                results.append(try future.wait().rows.map(SQLRow.init))
            } catch {
                if first == nil { first = error }
                results.append([])
            }
        }
        if let first { throw Self.failure(first, url: url) }
        return results
    }

    /// Drops the connection (after a failure whose outcome is unknown, or at the end).
    func disconnect() {
        if let connection { try? connection.close().wait() }
        connection = nil
    }

    func shutdown() {
        disconnect()
        try? group.syncShutdownGracefully()
    }

    private func configuration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch url.sslMode {
        case .disable:
            tls = .disable
        case .prefer, .require:
            var settings = TLSConfiguration.makeClientConfiguration()
            settings.certificateVerification = .none
            let context = try NIOSSLContext(configuration: settings)
            tls = url.sslMode == .prefer ? .prefer(context) : .require(context)
        case .verifyFull:
            tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: tls)
        configuration.options.connectTimeout = .seconds(5)
        // Every commit waits for the WAL to be flushed (the server's default, said here so that
        // a server configured otherwise does not turn acknowledged edits into losable ones).
        configuration.options.additionalStartupParameters = [
            ("synchronous_commit", "on"), ("application_name", "checkwire"),
        ]
        return configuration
    }

    /// What the server said (its message and SQLSTATE), or why it could not be reached:
    /// never the password.
    static func describe(_ error: any Error, url: PostgresURL) -> String {
        if let failure = error as? StorageFailure { return failure.message }
        if let error = error as? PSQLError {
            if let info = error.serverInfo, let message = info[.message] {
                return message + (info[.sqlState].map { " (SQLSTATE \($0))" } ?? "")
            }
            if let underlying = error.underlying { return "cannot reach the server (\(underlying))" }
            return "\(error.code)"
        }
        return "\(error)"
    }

    /// A failed statement as the port reports it: a deadlock or a serialization failure (the
    /// database rolled the transaction back for another one's sake) is a `conflict`, which the
    /// executor answers by running the batch again.
    static func failure(_ error: any Error, url: PostgresURL) -> StorageFailure {
        let conflict = ["40P01", "40001"].contains(sqlState(error) ?? "")
        return StorageFailure(describe(error, url: url), kind: conflict ? .conflict : .failed)
    }

    /// The SQLSTATE of a server error, if it was one.
    static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }
}
