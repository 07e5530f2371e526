import Foundation
import Synchronization
import Transport
public import WireProtocol

/// One WebSocket connection speaking Checkwire protocol v1: requests carry a `ref`, and
/// each caller awaits the reply with that `ref`.
///
/// Every message, replies included, is also handed to `onMessage` on the engine's thread,
/// in arrival order and *before* the awaiting caller resumes. Why: a `subscribe`'s snapshot,
/// the replayed events and the live events must be applied to a local copy in exactly the
/// order the server sent them, and two separate paths (a reply continuation and an event
/// stream) would race.
///
/// For example:
/// ```swift
/// let connection = try await ProtocolConnection.open(url: "ws://127.0.0.1:8080/ws")
/// let reply = try await connection.request(.auth(token: token))
/// ```
// @unchecked Sendable: every mutable field is in `state`, behind its lock; `engine` is Sendable
// in fact (see `ClientEngine`).
public final class ProtocolConnection: @unchecked Sendable {
    enum Ending {
        case unreachable(reason: String)
        case closed(code: UInt16?, reason: String)
    }

    private enum Phase {
        case connecting
        case open
        case ended(ClientError)
    }

    private struct Waiter {
        var preceding: [Incoming] = []
        let continuation: CheckedContinuation<Reply, any Error>
    }

    public let url: String
    private let engine: ClientEngine
    private let state = Mutex(State())

    /// Everything that changes, behind `state`'s lock; callbacks run outside it.
    private struct State {
        var phase = Phase.connecting
        var id: ConnectionID?
        var openWaiter: CheckedContinuation<Void, any Error>?
        var waiters: [String: Waiter] = [:]
        var nextRef = 0
        var messageHandler: (@Sendable (Incoming) -> Void)?
        var endHandler: (@Sendable (ClientError) -> Void)?
    }

    private init(url: String, engine: ClientEngine) {
        self.url = url
        self.engine = engine
    }

    /// Connects and completes the WebSocket handshake.
    /// - Throws: `ClientError.unreachable` (refused, nothing listening, timed out).
    public static func open(url: String, timeout: Duration = .seconds(5)) async throws -> ProtocolConnection {
        let engine = try ClientEngine.shared.get()
        let connection = ProtocolConnection(url: url, engine: engine)
        try await connection.waitUntilOpen(timeout: timeout)
        return connection
    }

    /// Sets the callbacks: `onMessage` for every message in arrival order, `onEnd` once when
    /// the connection ends (both on the engine's thread). Set them before the first request.
    public func setHandlers(onMessage: (@Sendable (Incoming) -> Void)?, onEnd: (@Sendable (ClientError) -> Void)?) {
        state.withLock {
            $0.messageHandler = onMessage
            $0.endHandler = onEnd
        }
    }

    /// Sends a request with a fresh `ref` and returns its reply.
    /// - Throws: `ClientError.server` for an `error` reply, `.connectionLost` if the
    ///   connection ends first, `.timedOut` after `timeout`.
    @discardableResult
    public func request(_ body: Request.Body, timeout: Duration = .seconds(10)) async throws -> Reply {
        let ref = state.withLock { state -> String in
            state.nextRef += 1
            return "r\(state.nextRef)"
        }
        let bytes = Request(ref: ref, body: body).encoded()
        let description =
            if case .op = body { "waiting for the server to acknowledge the edit" } else {
                "waiting for the reply to \(body.type)"
            }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Reply, any Error>) in
                let refusal = state.withLock { state -> ClientError? in
                    switch state.phase {
                    case .ended(let error): return error
                    case .connecting: return .connectionLost(reason: "not connected")
                    case .open:
                        state.waiters[ref] = Waiter(continuation: continuation)
                        if let id = state.id { engine.client.send(.text(bytes), on: id) }
                        return nil
                    }
                }
                if let refusal {
                    continuation.resume(throwing: refusal)
                    return
                }
                Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    self?.fail(ref, with: ClientError.timedOut(description))
                }
            }
        } onCancel: {
            fail(ref, with: CancellationError())
        }
    }

    /// Sends a request without awaiting its reply (the reply still reaches `onMessage`).
    public func post(_ body: Request.Body) {
        let bytes = Request(ref: nil, body: body).encoded()
        state.withLock { state in
            if case .open = state.phase, let id = state.id { engine.client.send(.text(bytes), on: id) }
        }
    }

    /// Closes with 1000; pending requests fail with `connectionLost`.
    public func close() {
        let id = state.withLock { $0.id }
        if let id { engine.client.close(id) }
    }

    public var isOpen: Bool {
        state.withLock { state in
            if case .open = state.phase { return true }
            return false
        }
    }

    // MARK: - Engine events (engine thread)

    func assign(_ id: ConnectionID) {
        state.withLock { $0.id = id }
    }

    func didOpen() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            state.phase = .open
            defer { state.openWaiter = nil }
            return state.openWaiter
        }
        waiter?.resume()
    }

    func didEnd(_ ending: Ending) {
        let wasOpen = isOpen
        let error: ClientError
        switch ending {
        case .unreachable(let reason):
            error = .unreachable(server: url, reason: reason)
        case .closed(let code, let reason) where !wasOpen:
            error = .unreachable(
                server: url, reason: "closed during the handshake (\(code.map(String.init) ?? "no code")) \(reason)")
        case .closed(let code, let reason):
            let detail = code.map { "code \($0)" + (reason.isEmpty ? "" : ", \(reason)") } ?? "the socket dropped"
            error = .connectionLost(reason: detail)
        }
        let (opener, pending, onEnd) = state.withLock {
            state -> (CheckedContinuation<Void, any Error>?, [Waiter], (@Sendable (ClientError) -> Void)?) in
            state.phase = .ended(error)
            defer {
                state.openWaiter = nil
                state.waiters = [:]
                state.messageHandler = nil
                state.endHandler = nil
            }
            return (state.openWaiter, Array(state.waiters.values), state.endHandler)
        }
        opener?.resume(throwing: error)
        for waiter in pending { waiter.continuation.resume(throwing: error) }
        onEnd?(error)
    }

    func didReceive(_ bytes: [UInt8]) {
        guard let incoming = Incoming(bytes) else { return }
        let handler = state.withLock { $0.messageHandler }
        handler?(incoming)
        guard let ref = incoming.value.ref else { return }
        let finished = state.withLock { state -> (Waiter, Reply)? in
            guard var waiter = state.waiters[ref] else { return nil }
            if case .snapshot = incoming.value {
                waiter.preceding.append(incoming)
                state.waiters[ref] = waiter
                return nil
            }
            state.waiters[ref] = nil
            return (waiter, Reply(incoming, preceding: waiter.preceding))
        }
        guard let (waiter, reply) = finished else { return }
        if case .error(let refusal) = incoming.value {
            waiter.continuation.resume(throwing: ClientError.server(code: refusal.code, message: refusal.message))
        } else {
            waiter.continuation.resume(returning: reply)
        }
    }

    // MARK: - Private

    private func waitUntilOpen(timeout: Duration) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            state.withLock { $0.openWaiter = continuation }
            engine.connect(self, to: url)
            Task { [weak self] in
                try? await Task.sleep(for: timeout)
                guard let self else { return }
                let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                    defer { state.openWaiter = nil }
                    return state.openWaiter
                }
                guard let waiter else { return }
                waiter.resume(throwing: ClientError.unreachable(server: url, reason: "no answer within \(timeout)"))
                close()
            }
        }
    }

    private func fail(_ ref: String, with error: any Error) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: ref) }
        waiter?.continuation.resume(throwing: error)
    }
}

/// One message from the server: the value `ServerMessage.decode` read, and the JSON as sent
/// (what `--json` passes on, fields this build does not know included).
public struct Incoming: Sendable {
    public let value: ServerMessage
    public let json: JSONValue

    /// Nil for what is not a JSON object. A known type without a field it cannot do without
    /// is kept as `.other`, so a reply to a request still resolves it.
    init?(_ bytes: [UInt8]) {
        guard let json = try? JSONParser.parse(bytes), json.objectValue != nil else { return nil }
        self.init(json: json)
    }

    public init(json: JSONValue) {
        self.json = json
        value =
            (try? ServerMessage(json: json)) ?? .other(type: json["type"]?.stringValue ?? "", json)
    }
}

/// The direct reply to one request, matched by its `ref`.
///
/// `preceding` holds the replies with the same `ref` that came before the final one: for
/// `subscribe`, the `snapshot` (when the server sent one) ahead of `subscribed`.
public struct Reply: Sendable {
    /// The reply as sent.
    public let message: JSONValue
    /// The reply as a value.
    public let value: ServerMessage
    public let preceding: [Incoming]

    init(_ incoming: Incoming, preceding: [Incoming]) {
        message = incoming.json
        value = incoming.value
        self.preceding = preceding
    }

    public var type: String { value.type }
}
