@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Transport
import WireProtocol

/// A hub with a clock the test moves and helpers to feed it and read its actions. No socket,
/// thread or store: store replies and password outcomes are values the test hands in.
final class HubHarness {
    var clock: Double = 1_000
    /// The time of day the hub's reminder scheduler reads; tests move it.
    var wallClock = Timestamp(milliseconds: 1_795_000_000_000)
    var nextID = 0
    let hub: Hub
    /// Every action the hub produced and the test has not read yet.
    private(set) var pending: [HubAction] = []

    init(
        maxRequestsInFlight: Int = 1_024, signupsPerAddressPerHour: Int = 100, maxWriterPause: Double = 30,
        pushPublicKey: String? = nil, mailAvailable: Bool = false
    ) {
        var configuration = Hub.Configuration()
        configuration.pushPublicKey = pushPublicKey
        configuration.mailAvailable = mailAvailable
        configuration.maxWriterPause = maxWriterPause
        configuration.maxRequestsInFlight = maxRequestsInFlight
        configuration.signupsPerAddressPerHour = signupsPerAddressPerHour
        configuration.decoyHash = "decoy-hash"
        weak var harness: HubHarness?
        hub = Hub(
            configuration: configuration,
            newID: { harness?.makeID() ?? "id" },
            now: { harness?.clock ?? 0 },
            wallClock: { harness?.wallClock ?? Timestamp(milliseconds: 0) }
        )
        harness = self
    }

    private func makeID() -> String {
        nextID += 1
        return "id-\(nextID)"
    }

    func open(_ raw: UInt64, from address: String = "192.0.2.1") -> ConnectionID {
        let connection = ConnectionID(rawValue: raw)
        hub.connectionOpened(connection, address: address)
        return connection
    }

    func send(_ json: String, on connection: ConnectionID) {
        hub.received(.text(Array(json.utf8)), from: connection)
        collect()
    }

    func store(_ request: StoreRequest, _ result: Result<StoreReply, StoreError>) {
        hub.storeCompleted(StoreResponse(id: request.id, result: result))
        collect()
    }

    /// Calls the hub's scheduler as its wake-up would.
    func wake() {
        hub.wokeUp()
        collect()
    }

    /// Calls the hub's mail scheduler as its wake-up would.
    func wakeMail() {
        hub.mailWokeUp()
        collect()
    }

    /// The transport reports `connection` behind or caught up.
    func behind(_ connection: ConnectionID, _ isBehind: Bool) {
        hub.connection(connection, isBehind: isBehind)
        collect()
    }

    /// The wiring reports that `connections` refused event `seq` of `list` (no room live).
    func refused(_ connections: [ConnectionID], list: ListID, seq: Int64) {
        hub.liveEventRefused(by: connections, list: list, seq: seq)
        collect()
    }

    /// The transport reports a watched connection drained.
    func drained(_ connection: ConnectionID) {
        hub.connectionDrained(connection)
        collect()
    }

    /// The wiring carried out a `resumeStream`.
    func resumed(_ connection: ConnectionID, list: ListID) {
        hub.liveStreamResumed(connection, list: list)
        collect()
    }

    /// Calls the hub's congestion check as its wake-up would.
    func congestionCheck() {
        hub.congestionCheckDue()
        collect()
    }

    /// Starts the hub (its scheduler asks the store for what to hold).
    func start() {
        hub.start()
        collect()
    }

    /// Hands the hub events another server committed.
    func elsewhere(_ events: [EventDelivery]) {
        hub.committedElsewhere(events)
        collect()
    }

    /// Tells the hub whether it runs the reminder scheduler (a shared store's lock).
    func scheduling(leads: Bool) {
        hub.schedulingChanged(leads: leads)
        collect()
    }

    /// Hands the hub notices another server produced.
    func noticed(_ notices: [ElsewhereNotice]) {
        hub.noticedElsewhere(notices)
        collect()
    }

    func password(_ request: PasswordRequest, _ outcome: PasswordOutcome) {
        hub.passwordCompleted(PasswordResponse(id: request.id, outcome: outcome))
        collect()
    }

    private func collect() {
        pending += hub.takeActions()
    }

    /// Reads and forgets every pending action.
    func take() -> [HubAction] {
        defer { pending = [] }
        return pending
    }

    /// The store commands among the pending actions (which are forgotten).
    func storeRequests() -> [StoreRequest] {
        take().compactMap { if case .store(let request) = $0 { request } else { nil } }
    }

    func passwordRequests() -> [PasswordRequest] {
        take().compactMap { if case .password(let request) = $0 { request } else { nil } }
    }

    /// The JSON messages the pending actions send to `connection`, in order (others are kept).
    func messages(to connection: ConnectionID) -> [JSONValue] {
        var kept: [HubAction] = []
        var found: [JSONValue] = []
        for action in pending {
            switch action {
            case .send(let frame, let target, _) where target == connection:
                found.append(Self.parse(frame))
            case .broadcast(let frame, let targets) where targets.contains(connection):
                found.append(Self.parse(frame))
                var rest = targets
                rest.remove(connection)
                if !rest.isEmpty { kept.append(.broadcast(frame, to: rest)) }
            case .deliverEvent(let frame, let origin, let targets) where targets.contains(connection):
                found.append(Self.parse(frame))
                var rest = targets
                rest.remove(connection)
                if !rest.isEmpty { kept.append(.deliverEvent(frame, origin, to: rest)) }
            default:
                kept.append(action)
            }
        }
        pending = kept
        return found
    }

    static func parse(_ frame: OutboundFrame) -> JSONValue {
        (try? JSONParser.parse(String(decoding: frame.payloadBytes, as: UTF8.self))) ?? .null
    }

    // MARK: Common steps

    /// A login with a wrong password, answered all the way (the failure counted); returns the reply.
    @discardableResult
    func failLogin(_ username: String, on connection: ConnectionID) -> JSONValue? {
        send(#"{"type":"login","username":"\#(username)","password":"wrong pass"}"#, on: connection)
        let lookup = pending.lazy.compactMap { action -> StoreRequest? in
            guard case .store(let request) = action, case .credentials = request.command else { return nil }
            return request
        }.first
        if let lookup {
            _ = take()
            store(
                lookup,
                .success(
                    .credentials(
                        (user: UserAccount(id: UserID("u-\(username)"), username: username), passwordHash: "h"))))
            if let check = passwordRequests().first { password(check, .rejected) }
            for request in storeRequests() {
                guard case .loginFailed = request.command else { continue }
                store(request, .success(.done))
            }
        }
        return messages(to: connection).first
    }

    /// Signs `connection` in as `user` through `auth`, answering the store itself.
    func authenticate(_ connection: ConnectionID, as user: UserAccount, token: String = "token") {
        send(#"{"type":"auth","token":"\#(token)"}"#, on: connection)
        let lookup = storeRequests()[0]
        store(lookup, .success(.user(user)))
        _ = messages(to: connection)
        answerMissedReminders()
    }

    /// Answers the missed-reminders lookup every sign-in makes with "none".
    func answerMissedReminders() {
        var kept: [HubAction] = []
        var lookups: [StoreRequest] = []
        for action in pending {
            if case .store(let request) = action, case .pendingReminders = request.command {
                lookups.append(request)
            } else {
                kept.append(action)
            }
        }
        pending = kept
        for lookup in lookups { store(lookup, .success(.reminders([]))) }
    }
}
