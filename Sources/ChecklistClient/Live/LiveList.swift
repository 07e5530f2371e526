import ChecklistCore
import Foundation
import Synchronization
import WireProtocol

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
public final class LiveList: Sendable {
    public static let historyLimit = 50

    let configuration: ClientConfiguration
    private let reference: String
    private let onUpdate: @Sendable (LiveUpdate) -> Void
    private let delivery = DispatchQueue(label: "checkwire.live-list")
    /// What the run loop and the connection's thread share.
    let shared: Mutex<Shared>

    struct Shared {
        var backoff: Backoff
        var listID: ListID?
        var view: ChecklistView?
        var changes: [ChangeRecord] = []
        var board = ReminderBoard()
        var refused: [RefusedEdit] = []
        /// The connection's session while there is one (`LiveList+Actions` sends edits on it).
        var session: AuthenticatedSession?
        var state = LiveState.connecting(attempt: 1)
        var username: String?
        var resubscribing = false
        var fatal: String?

        mutating func record(_ change: ChangeRecord) {
            changes.append(change)
            if changes.count > LiveList.historyLimit { changes.removeFirst(changes.count - LiveList.historyLimit) }
        }
    }

    /// - Parameters:
    ///   - reference: the checklist's id, id prefix or title (resolved on first connect).
    ///   - onUpdate: called on a serial queue after every change of state, copy or history.
    public init(
        configuration: ClientConfiguration, list reference: String, backoff: Backoff = Backoff(),
        onUpdate: @escaping @Sendable (LiveUpdate) -> Void
    ) {
        self.configuration = configuration
        self.reference = reference
        self.onUpdate = onUpdate
        shared = Mutex(Shared(backoff: backoff, username: configuration.username))
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
                if let fatal = shared.withLock({ $0.fatal }) { return fatal }
                reason = "the connection closed"
            } catch let error as ClientError where error.isTransient {
                reason = error.description
            } catch let error as ClientError {
                setState(.ended(reason: error.description))
                return error.description
            } catch {
                break  // cancelled
            }
            if let fatal = shared.withLock({ $0.fatal }) { return fatal }
            guard !Task.isCancelled else { break }
            let delay = shared.withLock { $0.backoff.next() }
            let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
            setState(.waiting(delaySeconds: seconds, attempt: attempt, reason: reason))
            try? await Task.sleep(for: delay)
        }
        return nil
    }

    /// One connection's life: open, subscribe, follow until it ends.
    private func connectAndFollow(connected: () -> Void) async throws {
        let connectionBox = ConnectionBox()
        let onMessage: @Sendable (Incoming) -> Void = { [weak self] message in
            guard let connection = connectionBox.connection else { self?.handleNotice(message); return }
            self?.handle(message, on: connection)
        }
        let session = try await AuthenticatedSession.open(configuration, onMessage: onMessage)
        connectionBox.connection = session.connection
        defer {
            shared.withLock { $0.session = nil }
            session.close()
        }
        shared.withLock {
            $0.username = session.username
            $0.session = session
        }
        if let report = try? await session.flushQueue(), !report.isEmpty { reportFlush(report) }
        let id = try await resolveListID(session)
        let ended = OneShotSignal()
        session.connection.setHandlers(onMessage: onMessage, onEnd: { _ in ended.fire() })
        let since = shared.withLock { $0.view?.seq }
        _ = try await session.connection.request(
            .subscribe(list: id, since: since), timeout: configuration.requestTimeout)
        shared.withLock { $0.backoff.reset() }
        connected()
        await withTaskCancellationHandler {
            await ended.wait()
        } onCancel: {
            session.close()
            ended.fire()
        }
    }

    private func resolveListID(_ session: AuthenticatedSession) async throws -> ListID {
        if let id = shared.withLock({ $0.listID }) { return id }
        let lists = try await session.lists()
        configuration.cache(for: session.username).saveLists(lists)
        let candidates = lists.map { ReferenceResolver.Candidate(value: $0, id: $0.id.rawValue, title: $0.title) }
        let summary = try ReferenceResolver.resolve(reference, among: candidates, kind: "checklist") {
            $0.status == .active
        }
        shared.withLock { $0.listID = summary.id }
        return summary.id
    }

    // MARK: - Messages (the connection's thread)

    /// Reminders and shares, whichever list they are about (they may come before the list is
    /// known), and the user's own dismissals and snoozes from any device.
    private func handleNotice(_ message: Incoming) {
        shared.withLock { shared in
            if shared.board.handle(message.value) { return emit(.reminderHandled(raw: message.json), of: shared) }
            guard let notice = Notice(message) else { return }
            shared.board.receive(notice)
            emit(.notice(notice), of: shared)
        }
    }

    private func handle(_ message: Incoming, on connection: ProtocolConnection) {
        switch message.value {
        case .reminder, .listShared, .reminderDismissed, .reminderSnoozed: return handleNotice(message)
        default: break
        }
        shared.withLock { shared in
            guard let listID = shared.listID else { return }
            switch message.value {
            case .snapshot(let snapshot) where snapshot.summary.id == listID:
                var fresh = ChecklistView(snapshot, viewer: shared.username)
                if fresh.summary.role == nil { fresh.summary.role = shared.view?.summary.role }
                if let old = shared.view {
                    shared.record(
                        ChangeRecord(
                            seq: fresh.seq, by: nil, at: nil, op: "snapshot",
                            text: "caught up from a snapshot (\(max(0, fresh.seq - old.seq)) changes while away)"))
                }
                shared.view = fresh
                emit(.snapshot(raw: message.json), of: shared)
            case .event(let event) where event.list == listID:
                apply(event, to: &shared, on: connection)
            case .subscribed(let subscribed) where subscribed.list == listID:
                shared.resubscribing = false
                shared.state = .live
                emit(.state, of: shared)
            case .revoked(let revoked) where revoked.list == listID:
                let reason = "you are no longer a participant of this checklist"
                shared.fatal = reason
                shared.state = .ended(reason: reason)
                emit(.state, of: shared)
                connection.close()
            default:
                break
            }
        }
    }

    /// Applies the next event, drops one already applied, and resubscribes after a gap.
    private func apply(_ event: RemoteEvent, to shared: inout Shared, on connection: ProtocolConnection) {
        guard var current = shared.view else { return }
        let before = current
        switch current.apply(event) {
        case .applied:
            shared.view = current
            shared.board.itemsChanged(event.items)
            let change = ChangeDescriber.record(event, before: before)
            shared.record(change)
            emit(.event(event, change), of: shared)
        case .stale:
            break
        case .gap:
            guard !shared.resubscribing else { return }
            shared.resubscribing = true
            connection.post(.subscribe(list: current.id, since: current.seq))
        }
    }

    /// What sending the offline queue did: shown where the watcher looks, and every refusal also
    /// kept in `RefusedEdits` (by `flushQueue`) until `status` shows it.
    private func reportFlush(_ report: FlushReport) {
        let now = Timestamp(Date())
        let refusals = report.refused.map { RefusedEdit($0.op, error: $0.error, at: now) }
        shared.withLock { shared in
            shared.refused += refusals
            emit(.queueSent(sent: report.sent.count, refused: refusals), of: shared)
        }
    }

    // MARK: - Updates (under `shared`'s lock)

    private func setState(_ newState: LiveState) {
        shared.withLock { shared in
            shared.state = newState
            emit(.state, of: shared)
        }
    }

    /// Queues the update while holding the lock, so updates are delivered in the order
    /// they happened.
    private func emit(_ cause: LiveUpdate.Cause, of shared: Shared) {
        var built = LiveUpdate(
            cause: cause, state: shared.state, view: shared.view, changes: shared.changes, server: configuration.server,
            username: shared.username)
        built.notices = shared.board.notices
        built.refused = shared.refused
        let update = built
        let onUpdate = onUpdate
        delivery.async { onUpdate(update) }
    }
}

/// The connection a message handler installed before `auth` answers on, once it is known.
private final class ConnectionBox: Sendable {
    private let stored = Mutex<ProtocolConnection?>(nil)
    var connection: ProtocolConnection? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
