import ChecklistCore
import ChecklistStore
import Foundation
import Testing
import StorageRules
import SQLiteStore

/// A real SQLite file in a fresh temporary directory, removed when the test is done.
enum StoreFixture {
    /// Encodes what identifies an event, so a test can read the log back: `list#seq#opId#kind`.
    static let encode: EventEncoder = { event in
        Array("\(event.listID)#\(event.seq)#\(event.opID)#\(event.kind)".utf8)
    }

    static func label(_ payload: [UInt8]) -> String { String(decoding: payload, as: UTF8.self) }

    /// The `seq` a stored payload names.
    static func seq(_ payload: [UInt8]) -> Int64? {
        let parts = label(payload).split(separator: "#")
        return parts.count == 4 ? Int64(parts[1]) : nil
    }

    /// Runs `body` with the path of a database file that does not exist yet, then removes
    /// the directory that holds it (and its `-wal`/`-shm` companions).
    static func withDatabasePath<T>(_ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("checkwire-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory.appendingPathComponent("checkwire.sqlite").path)
    }

    /// Opens the store at `path`, runs `body`, and closes it whatever happens.
    static func withStore<T>(at path: String, limits: StoreLimits = .defaults, _ body: (StoreExecutor) throws -> T)
        throws -> T
    {
        let executor = try StoreExecutor(path: path, encodeEvent: encode, limits: limits)
        defer { executor.close() }
        return try body(executor)
    }

    /// A store on a new temporary file.
    static func withStore<T>(_ body: (StoreExecutor) throws -> T) throws -> T {
        try withDatabasePath { path in try withStore(at: path, body) }
    }
}

extension StoreExecutor {
    func signUp(_ username: String) throws(StoreError) -> UserAccount {
        try sync { store throws(StoreError) in
            try store.createUser(username: username, passwordHash: "scrypt$test$\(username)")
        }
    }

    func apply(_ request: EditRequest, opID: String, by user: UserAccount) throws(StoreError) -> EditOutcome {
        try sync { store throws(StoreError) in try store.apply(request, opID: opID, by: user.actor) }
    }

    /// Applies and returns the event's `seq`; a duplicate or a refusal fails the test.
    @discardableResult
    func applied(_ request: EditRequest, opID: String, by user: UserAccount) throws -> AppliedEvent {
        guard case .applied(let event) = try apply(request, opID: opID, by: user) else {
            throw StoreTestFailure("\(opID) was answered as a duplicate")
        }
        return event
    }

    func createList(_ id: ListID, title: String = "CS 298", by user: UserAccount, opID: String? = nil) throws {
        try applied(.createList(id: id, Edit.NewList(title: title)), opID: opID ?? "create-\(id)", by: user)
    }

    func subscribe(_ listID: ListID, for user: UserAccount, since: Int64?) throws(StoreError) -> CollectedCatchUp {
        try sync { store throws(StoreError) in
            var sink = PayloadList()
            switch try store.subscribe(to: listID, for: user.id, since: since, replayingInto: &sink) {
            case .replay(let count, let head):
                #expect(count == sink.payloads.count)
                return .replay(payloads: sink.payloads, head: head)
            case .snapshot(let snapshot):
                #expect(sink.payloads.isEmpty)
                return .snapshot(snapshot)
            }
        }
    }

    /// Every stored event of the list, replayed from the start.
    func log(_ listID: ListID, for user: UserAccount) throws -> [[UInt8]] {
        guard case .replay(let payloads, _) = try subscribe(listID, for: user, since: 0) else {
            throw StoreTestFailure("subscribe since 0 answered with a snapshot")
        }
        return payloads
    }

    func snapshot(_ listID: ListID, for user: UserAccount) throws -> ChecklistSnapshot {
        guard case .snapshot(let snapshot) = try subscribe(listID, for: user, since: nil) else {
            throw StoreTestFailure("subscribe without since answered with a replay")
        }
        return snapshot
    }

    /// The checklists the test made: the Inbox every account has is left out.
    func lists(for user: UserAccount) throws(StoreError) -> [ListSummary] {
        try sync { store throws(StoreError) in try store.lists(for: user.id) }.filter { !$0.list.isInbox }
    }
}

struct StoreTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Collects results from the store thread for a test thread to read; guarded by a lock.
final class Collector<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// A subscribe's outcome with the replayed payloads collected, for assertions.
enum CollectedCatchUp: Sendable {
    case replay(payloads: [[UInt8]], head: Int64)
    case snapshot(ChecklistSnapshot)
}
