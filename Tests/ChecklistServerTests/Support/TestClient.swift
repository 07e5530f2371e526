import Foundation
import Testing
import Transport
import WireProtocol

/// A protocol client for tests: JSON in and out over the project's lws client.
///
/// Messages that arrive while a test waits for another type are kept, in order, for the
/// next `next(_:)` that wants them, so tests can wait for an `ack` without losing events.
final class TestClient: @unchecked Sendable {
    let connection: WebSocketConnection
    private var buffered: [JSONValue] = []
    private(set) var token: String?
    private(set) var username: String?

    /// How long a test waits for a message it expects. A wait for state, not a timing bound: it
    /// only ends a test that would otherwise hang, so it is generous enough for a busy 2-core
    /// machine running every suite at once (scrypt signups and debug builds included).
    static let patience: Duration = .seconds(30)

    init(_ connection: WebSocketConnection) {
        self.connection = connection
    }

    func send(_ message: JSONValue) {
        connection.send(text: String(decoding: message.encoded(), as: UTF8.self))
    }

    func send(raw text: String) {
        connection.send(text: text)
    }

    /// The next message of `type` (any type when `nil`); others received meanwhile are kept.
    func next(_ type: String? = nil, timeout: Duration = TestClient.patience) async throws -> JSONValue {
        try await next(timeout: timeout) { type == nil || $0["type"]?.stringValue == type }
    }

    /// The first kept or newly received message that `wanted` accepts; the others are kept in order.
    func next(timeout: Duration = TestClient.patience, where wanted: (JSONValue) -> Bool) async throws -> JSONValue {
        if let index = buffered.firstIndex(where: wanted) { return buffered.remove(at: index) }
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw WebSocketConnectionError.timedOut }
            let message = try await connection.receive(timeout: remaining)
            let value = try JSONParser.parse(message.bytes)
            if wanted(value) { return value }
            buffered.append(value)
        }
    }

    /// `true` when no event arrives within `window` (used to show that nothing more is sent);
    /// other messages received meanwhile are kept.
    func receivesNoEvent(for window: Duration = .milliseconds(300)) async -> Bool {
        do {
            _ = try await next(timeout: window) { ["event", "revoked"].contains($0["type"]?.stringValue) }
            return false
        } catch {
            return true
        }
    }

    /// Sends `message` and returns the next message of `replyType` (or the error if one comes first).
    func request(_ message: JSONValue, expecting replyType: String) async throws -> JSONValue {
        send(message)
        return try await next { ["error", replyType].contains($0["type"]?.stringValue) }
    }

    @discardableResult
    func signUp(_ name: String, password: String = "correct horse") async throws -> JSONValue {
        try await authenticate("signup", name, password)
    }

    /// Logs in as an existing user (for example after a server restart).
    @discardableResult
    func logIn(_ name: String, password: String = "correct horse") async throws -> JSONValue {
        try await authenticate("login", name, password)
    }

    private func authenticate(_ type: String, _ name: String, _ password: String) async throws -> JSONValue {
        let reply = try await request(
            ["type": .string(type), "username": .string(name), "password": .string(password)], expecting: "authed")
        token = reply["token"]?.stringValue
        username = name
        return reply
    }

    /// Sends an op and returns its `ack` or `error`.
    @discardableResult
    func op(_ kind: String, opID: String = UUID().uuidString, _ fields: [String: JSONValue] = [:]) async throws
        -> JSONValue
    {
        send(Self.op(kind, opID: opID, fields))
        return try await next { ["ack", "error"].contains($0["type"]?.stringValue) && $0["opId"]?.stringValue == opID }
    }

    static func op(_ kind: String, opID: String = UUID().uuidString, _ fields: [String: JSONValue] = [:]) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("type", "op"), ("opId", .string(opID)), ("op", .string(kind))]
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) { pairs.append((key, value)) }
        return .object(JSONObject(pairs))
    }

    /// Creates a checklist and returns its id.
    func createList(_ title: String = "CS 298") async throws -> String {
        let ack = try await op("createList", ["title": .string(title)])
        return try #require(ack["list"]?.stringValue, "createList failed: \(ack)")
    }

    /// Adds an item and returns its id.
    func addItem(_ list: String, _ title: String, _ fields: [String: JSONValue] = [:]) async throws -> String {
        var all = fields
        all["list"] = .string(list)
        all["title"] = .string(title)
        let ack = try await op("addItem", all)
        return try #require(ack["id"]?.stringValue, "addItem failed: \(ack)")
    }

    /// Subscribes and returns the messages up to and including `subscribed`.
    func subscribe(_ list: String, since: Int? = nil) async throws -> [JSONValue] {
        var message: [(String, JSONValue)] = [("type", "subscribe"), ("list", .string(list))]
        if let since { message.append(("since", .number(JSONNumber(Int64(since))))) }
        send(.object(JSONObject(message)))
        var received: [JSONValue] = []
        while true {
            let reply = try await next {
                ["event", "snapshot", "subscribed", "error"].contains($0["type"]?.stringValue)
            }
            received.append(reply)
            let type = reply["type"]?.stringValue
            if type == "subscribed" || type == "error" { return received }
        }
    }

    /// The current state of a checklist, from a fresh snapshot on a new subscription.
    func snapshot(_ list: String) async throws -> JSONValue {
        let replies = try await subscribe(list)
        return try #require(replies.first { $0["type"]?.stringValue == "snapshot" }, "no snapshot: \(replies)")
    }

    func close() { connection.close() }
}

extension JSONValue {
    var int: Int? { intValue }
    var string: String? { stringValue }
}
