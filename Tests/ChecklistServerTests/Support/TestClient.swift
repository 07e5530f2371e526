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
    func next(_ type: String? = nil, timeout: Duration = .seconds(5)) async throws -> JSONValue {
        if let index = buffered.firstIndex(where: { type == nil || $0["type"]?.stringValue == type }) {
            return buffered.remove(at: index)
        }
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw WebSocketConnectionError.timedOut }
            let message = try await connection.receive(timeout: remaining)
            let value = try JSONParser.parse(message.bytes)
            if type == nil || value["type"]?.stringValue == type { return value }
            buffered.append(value)
        }
    }

    /// `true` when no message arrives within `window` (used to show that nothing more is sent).
    func staysSilent(for window: Duration = .milliseconds(300)) async -> Bool {
        guard buffered.isEmpty else { return false }
        do {
            _ = try await connection.receive(timeout: window)
            return false
        } catch {
            return true
        }
    }

    /// Sends `message` and returns the next message of `replyType` (or the error if one comes first).
    func request(_ message: JSONValue, expecting replyType: String) async throws -> JSONValue {
        send(message)
        while true {
            let reply = try await next()
            let type = reply["type"]?.stringValue
            if type == replyType || type == "error" { return reply }
            buffered.append(reply)
        }
    }

    @discardableResult
    func signUp(_ name: String, password: String = "correct horse") async throws -> JSONValue {
        let reply = try await request(["type": "signup", "username": .string(name), "password": .string(password)], expecting: "authed")
        token = reply["token"]?.stringValue
        username = name
        return reply
    }

    /// Sends an op and returns its `ack` or `error`.
    @discardableResult
    func op(_ kind: String, opID: String = UUID().uuidString, _ fields: [String: JSONValue] = [:]) async throws -> JSONValue {
        send(Self.op(kind, opID: opID, fields))
        while true {
            let reply = try await next()
            let type = reply["type"]?.stringValue
            if (type == "ack" || type == "error"), reply["opId"]?.stringValue == opID { return reply }
            buffered.append(reply)
        }
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
            let reply = try await next()
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
