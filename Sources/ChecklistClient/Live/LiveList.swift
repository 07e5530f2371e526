import Foundation
import WireProtocol
import ChecklistCore

/// A checklist kept current live, across disconnects and server restarts: the engine of
/// `checkwire watch`.
///
/// It connects, authenticates, sends the offline queue, and subscribes. After a disconnect
/// it waits (capped exponential backoff with jitter), reconnects and resubscribes with
/// `since` = the last `seq` it applied, so the server replays exactly the missed events: no
/// gap and no duplicate. An event at or below that `seq` is dropped; an event beyond the
/// next one means a gap, answered by resubscribing with `since`. A snapshot (too far
/// behind, or a reset server) replaces the copy.
///
/// Every update goes to `onUpdate` on one serial queue, in the order it happened.
// @unchecked Sendable: the mutable state below is only touched under `lock`; the run loop
// and the connection's thread both go through it.
public final class LiveList: @unchecked Sendable {
    public static let historyLimit = 50

    let configuration: ClientConfiguration
    private let reference: String
    private let onUpdate: @Sendable (LiveUpdate) -> Void
    private let delivery = DispatchQueue(label: "checkwire.live-list")
    let lock = NSLock()
    private var backoff: Backoff

    // Guarded by `lock`.
    private var listID: ListID?
    private var view: ChecklistView?
    private var changes: [ChangeRecord] = []
    private var board = ReminderBoard()
    private var refused: [RefusedEdit] = []
    /// The connection's session while there is one (`LiveList+Actions` sends edits on it).
    var session: AuthenticatedSession?
    private var state = LiveState.connecting(attempt: 1)
    private var username: String?
    private var resubscribing = false
    private var fatal: String?

    /// - Parameters:
    ///   - reference: the checklist's id, id prefix or title (resolved on first connect).
    ///   - onUpdate: called on a serial queue after every change of state, copy or history.
    public init(
        configuration: ClientConfiguration, list reference: String, backoff: Backoff = Backoff(),
        onUpdate: @escaping @Sendable (LiveUpdate) -> Void
    ) {
        self.configuration = configuration
        self.reference = reference
        self.backoff = backoff
        self.onUpdate = onUpdate
        username = configuration.username
    }

    /// Runs until the task is cancelled (returns nil) or something retrying cannot fix
    /// happens (returns the reason: revoked, not logged in, no such checklist).
    public func run() async -> String? {
        var attempt = 0
        while !Task.isCancelled {
            attempt += 1
            setState(.connecting(attempt: attempt))
            let reason: String
            do {
                try await connectAndFollow { attempt = 0 }
                if let fatal = lock.withLock({ fatal }) { return fatal }
                reason = "the connection closed"
            } catch let error as ClientError where error.isTransient {
                reason = error.description
            } catch let error as ClientError {
                setState(.ended(reason: error.description))
                return error.description
            } catch {
                break  // cancelled
            }
            if let fatal = lock.withLock({ fatal }) { return fatal }
            guard !Task.isCancelled else { break }
            let delay = lock.withLock { backoff.next() }
            let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
            setState(.waiting(delaySeconds: seconds, attempt: attempt, reason: reason))
            try? await Task.sleep(for: delay)
        }
        return nil
    }

    /// One connection's life: open, subscribe, follow until it ends.
    private func connectAndFollow(connected: () -> Void) async throws {
        let connectionBox = ConnectionBox()
        let onMessage: @Sendable (JSONValue) -> Void = { [weak self] message in
            guard let connection = connectionBox.connection else { self?.handleNotice(message); return }
            self?.handle(message, on: connection)
        }
        let session = try await AuthenticatedSession.open(configuration, onMessage: onMessage)
        connectionBox.connection = session.connection
        defer {
            lock.withLock { self.session = nil }
            session.close()
        }
        lock.withLock {
            username = session.username
            self.session = session
        }
        if let report = try? await session.flushQueue(), !report.isEmpty { reportFlush(report) }
        let id = try await resolveListID(session)
        let ended = OneShotSignal()
        session.connection.setHandlers(onMessage: onMessage, onEnd: { _ in ended.fire() })
        let since = lock.withLock { view?.seq }
        _ = try await session.connection.request(
            .subscribe(list: id, since: since), timeout: configuration.requestTimeout)
        lock.withLock { backoff.reset() }
        connected()
        await withTaskCancellationHandler {
            await ended.wait()
        } onCancel: {
            session.close()
            ended.fire()
        }
    }

    private func resolveListID(_ session: AuthenticatedSession) async throws -> ListID {
        if let id = lock.withLock({ listID }) { return id }
        let lists = try await session.lists()
        configuration.cache(for: session.username).saveLists(lists)
        let candidates = lists.map { ReferenceResolver.Candidate(value: $0, id: $0.id.rawValue, title: $0.title) }
        let summary = try ReferenceResolver.resolve(reference, among: candidates, kind: "checklist") {
            $0.status == .active
        }
        lock.withLock { listID = summary.id }
        return summary.id
    }

    // MARK: - Messages (the connection's thread)

    /// Reminders and shares, whichever list they are about (they may come before the list is
    /// known), and the user's own dismissals and snoozes from any device.
    private func handleNotice(_ message: JSONValue) {
        lock.withLock {
            if board.handle(message) { return emit(.reminderHandled(raw: message)) }
            guard let notice = Notice(json: message) else { return }
            board.receive(notice)
            emit(.notice(notice))
        }
    }

    private func handle(_ message: JSONValue, on connection: ProtocolConnection) {
        if ["reminder", "listShared", "reminderDismissed", "reminderSnoozed"].contains(message.string("type")) {
            return handleNotice(message)
        }
        lock.withLock {
            guard let listID else { return }
            switch message.string("type") {
            case "snapshot" where message["list"]?.string("id") == listID.rawValue:
                guard var fresh = try? ChecklistView(snapshot: message, viewer: username) else { return }
                if fresh.summary.role == nil { fresh.summary.role = view?.summary.role }
                if let old = view {
                    record(
                        ChangeRecord(
                            seq: fresh.seq, by: nil, at: nil, op: "snapshot",
                            text: "caught up from a snapshot (\(max(0, fresh.seq - old.seq)) changes while away)"))
                }
                view = fresh
                emit(.snapshot(raw: message))
            case "event" where message.string("list") == listID.rawValue:
                guard var current = view, let event = try? RemoteEvent(json: message) else { return }
                let before = current
                switch current.apply(event) {
                case .applied:
                    view = current
                    board.itemsChanged(event.items)
                    let change = ChangeDescriber.record(event, before: before)
                    record(change)
                    emit(.event(event, change))
                case .stale:
                    break
                case .gap:
                    guard !resubscribing else { return }
                    resubscribing = true
                    connection.post(.subscribe(list: listID, since: current.seq))
                }
            case "subscribed" where message.string("list") == listID.rawValue:
                resubscribing = false
                state = .live
                emit(.state)
            case "revoked" where message.string("list") == listID.rawValue:
                fatal = "you are no longer a participant of this checklist"
                state = .ended(reason: fatal!)
                emit(.state)
                connection.close()
            default:
                break
            }
        }
    }

    /// What sending the offline queue did: shown where the watcher looks, and every refusal also
    /// kept in `RefusedEdits` (by `flushQueue`) until `status` shows it.
    private func reportFlush(_ report: FlushReport) {
        let now = Timestamp(Date())
        let refusals = report.refused.map { RefusedEdit($0.op, error: $0.error, at: now) }
        lock.withLock {
            refused += refusals
            emit(.queueSent(sent: report.sent.count, refused: refusals))
        }
    }

    // MARK: - Updates (under `lock`)

    private func setState(_ newState: LiveState) {
        lock.withLock {
            state = newState
            emit(.state)
        }
    }

    private func record(_ change: ChangeRecord) {
        changes.append(change)
        if changes.count > Self.historyLimit { changes.removeFirst(changes.count - Self.historyLimit) }
    }

    /// Queues the update while holding the lock, so updates are delivered in the order
    /// they happened.
    private func emit(_ cause: LiveUpdate.Cause) {
        var built = LiveUpdate(
            cause: cause, state: state, view: view, changes: changes, server: configuration.server, username: username)
        built.notices = board.notices
        built.refused = refused
        let update = built
        let onUpdate = onUpdate
        delivery.async { onUpdate(update) }
    }
}

/// The connection a message handler installed before `auth` answers on, once it is known.
// @unchecked Sendable: `stored` is only touched under `lock`.
private final class ConnectionBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: ProtocolConnection?
    var connection: ProtocolConnection? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
