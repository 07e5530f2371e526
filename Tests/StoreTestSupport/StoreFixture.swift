public import ChecklistCore
public import ChecklistStore
import Foundation
import Synchronization
import Testing
public import StorageRules

/// What store tests share: an encoder whose events can be read back, a fresh temporary folder
/// for a store's files, and the steps tests take through a store (`StoreExecutor`), whichever
/// back end is beneath it.
public enum StoreFixture {
    /// Encodes what identifies an event, so a test can read the log back: `list#seq#opId#kind`.
    public static let encode: EventEncoder = { event in
        Array("\(event.listID)#\(event.seq)#\(event.opID)#\(event.kind)".utf8)
    }

    public static func label(_ payload: [UInt8]) -> String { String(decoding: payload, as: UTF8.self) }

    /// What the server names ahead for an edit (`StoreCommand.lookAhead`).
    public static func lookAhead(_ request: EditRequest, opID: String, by user: UserAccount) -> BatchLookAhead {
        BatchLookAhead(checklists: [request.listID], ops: [OpReference(userID: user.id, opID: opID)])
    }

    /// The `seq` a stored payload names.
    public static func seq(_ payload: [UInt8]) -> Int64? {
        let parts = label(payload).split(separator: "#")
        return parts.count == 4 ? Int64(parts[1]) : nil
    }

    /// Runs `body` with the path of a database file that does not exist yet, in a fresh
    /// temporary folder, then removes the folder (the file, its companions, its attachments).
    public static func withDatabasePath<T>(_ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("checkwire-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory.appendingPathComponent("checkwire.sqlite").path)
    }
}

extension StoreExecutor {
    public func signUp(_ username: String) throws(StoreError) -> UserAccount {
        try sync { store throws(StoreError) in
            try store.createUser(username: username, passwordHash: "scrypt$test$\(username)")
        }
    }

    /// Submitted as the server submits an edit, naming its checklist and op ahead
    /// (`BatchLookAhead`), so every contract test of edits runs the back end's read-ahead too.
    public func apply(_ request: EditRequest, opID: String, by user: UserAccount) throws(StoreError) -> EditOutcome {
        try sync(lookAhead: StoreFixture.lookAhead(request, opID: opID, by: user)) { store throws(StoreError) in
            try store.apply(request, opID: opID, by: user.actor)
        }
    }

    /// Applies and returns the event's `seq`; a duplicate or a refusal fails the test.
    @discardableResult
    public func applied(_ request: EditRequest, opID: String, by user: UserAccount) throws -> AppliedEvent {
        guard case .applied(let event) = try apply(request, opID: opID, by: user) else {
            throw StoreTestFailure("\(opID) was answered as a duplicate")
        }
        return event
    }

    public func createList(_ id: ListID, title: String = "CS 298", by user: UserAccount, opID: String? = nil) throws {
        try applied(.createList(id: id, Edit.NewList(title: title)), opID: opID ?? "create-\(id)", by: user)
    }

    public func subscribe(_ listID: ListID, for user: UserAccount, since: Int64?) throws(StoreError) -> CollectedCatchUp
    {
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
    public func log(_ listID: ListID, for user: UserAccount) throws -> [[UInt8]] {
        guard case .replay(let payloads, _) = try subscribe(listID, for: user, since: 0) else {
            throw StoreTestFailure("subscribe since 0 answered with a snapshot")
        }
        return payloads
    }

    public func snapshot(_ listID: ListID, for user: UserAccount) throws -> ChecklistSnapshot {
        guard case .snapshot(let snapshot) = try subscribe(listID, for: user, since: nil) else {
            throw StoreTestFailure("subscribe without since answered with a replay")
        }
        return snapshot
    }

    /// The checklists the test made: the Inbox every account has is left out.
    public func lists(for user: UserAccount) throws(StoreError) -> [ListSummary] {
        try sync { store throws(StoreError) in try store.lists(for: user.id) }.filter { !$0.list.isInbox }
    }
}

public struct StoreTestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Collects results from the store thread for a test thread to read.
public final class Collector<Value: Sendable>: Sendable {
    public init() {}

    private let storage = Mutex<[Value]>([])

    public func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    public var values: [Value] {
        storage.withLock { $0 }
    }
}

/// A subscribe's outcome with the replayed payloads collected, for assertions.
public enum CollectedCatchUp: Sendable {
    case replay(payloads: [[UInt8]], head: Int64)
    case snapshot(ChecklistSnapshot)
}
