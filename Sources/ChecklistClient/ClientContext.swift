import ChecklistCore
public import Foundation
public import WireProtocol

/// One command's access to the service: it connects at most once, and when the server
/// cannot be reached it answers from the cache and puts edits in the offline queue.
///
/// For example, `checkwire done Groceries Milk` is:
/// ```swift
/// let context = ClientContext(configuration: configuration)
/// let list = try await context.resolveList("Groceries")
/// let view = try await context.view(of: list)
/// let item = try context.resolveItem("Milk", in: view) { $0.status == .open }
/// let outcome = try await context.submit(.itemStatus(.completeItem(item.id), list: list.id, itemTitle: item.title, listTitle: list.title))
/// ```
/// Not `Sendable`: a command uses it from one task.
public final class ClientContext {
    private enum Connection {
        case untried
        case online(AuthenticatedSession)
        case offline(ClientError)
    }

    public let configuration: ClientConfiguration
    private var connection = Connection.untried
    /// What connecting sent from the offline queue, if anything.
    public private(set) var flushReport: FlushReport?
    /// Set when the queue could not be sent for a local reason (the file).
    public private(set) var flushError: ClientError?

    public init(configuration: ClientConfiguration) {
        self.configuration = configuration
    }

    /// The session, connecting (and sending the offline queue) on first use; nil when the
    /// server cannot be reached.
    /// - Throws: what is not a reachability problem (not logged in, a revoked token).
    public func session() async throws -> AuthenticatedSession? {
        switch connection {
        case .online(let session): return session
        case .offline: return nil
        case .untried: break
        }
        do {
            let session = try await AuthenticatedSession.open(configuration)
            connection = .online(session)
            do {
                flushReport = try await session.flushQueue()
            } catch let error as ClientError {
                flushError = error
            }
            return session
        } catch let error as ClientError where error.isTransient {
            connection = .offline(error)
            return nil
        }
    }

    /// The session, or the reason there is none.
    public func requireSession() async throws -> AuthenticatedSession {
        if let session = try await session() { return session }
        throw offlineReason ?? ClientError.unreachable(server: configuration.server, reason: "not connected")
    }

    /// Why the server could not be reached, once a connection was tried and failed.
    public var offlineReason: ClientError? {
        if case .offline(let reason) = connection { return reason }
        return nil
    }

    /// The user this command acts as (as the server spells it once connected).
    public var username: String? {
        if case .online(let session) = connection { return session.username }
        return configuration.username
    }

    /// The user's checklists, in view order: from the server, or from the cache offline.
    public func lists() async throws -> [RemoteSummary] {
        if let session = try await session() {
            let lists = try await session.lists()
            configuration.cache(for: session.username).saveLists(lists)
            return lists
        }
        if let username, let cached = configuration.cache(for: username).lists() { return cached }
        throw offlineReason!
    }

    /// The checklist `reference` names (id, id prefix or title).
    public func resolveList(_ reference: String) async throws -> RemoteSummary {
        let lists = try await lists()
        let candidates = lists.map {
            ReferenceResolver.Candidate(
                value: $0, id: $0.id.rawValue, title: $0.title, detail: $0.status == .active ? nil : $0.status.rawValue)
        }
        return try ReferenceResolver.resolve(reference, among: candidates, kind: "checklist") { $0.status == .active }
    }

    /// This user's edits waiting in the offline queue for this server, oldest first.
    public func pendingEdits(of username: String) -> [QueuedOp] {
        ((try? configuration.queue.entries().ops) ?? []).filter {
            $0.belongs(to: configuration.server, username: username)
        }
    }

    /// The checklist's current state: a snapshot, or offline the cached copy with the edits
    /// still in the queue applied (marked pending).
    public func view(of list: RemoteSummary) async throws -> (view: ChecklistView, cached: Bool) {
        if let session = try await session() {
            var view = try await session.view(of: list.id)
            if view.summary.role == nil { view.summary.role = list.role }
            configuration.cache(for: session.username).saveView(view)
            return (view, false)
        }
        if let username, let cached = configuration.cache(for: username).view(id: list.id, viewer: username) {
            return (cached.applying(pendingEdits(of: username)), true)
        }
        throw offlineReason!
    }

    /// The item `reference` names in `view`; `preferring` breaks ties between equal titles.
    public func resolveItem(
        _ reference: String, in view: ChecklistView, preferring: (RemoteItem) -> Bool = { _ in false }
    ) throws -> RemoteItem {
        let candidates = view.rows.map { row in
            let path = view.path(of: row.item)
            let detail =
                ([row.item.status == .open ? nil : row.item.status.rawValue] + [
                    path.isEmpty ? nil : "in " + path.joined(separator: " › ")
                ])
                .compactMap { $0 }.joined(separator: ", ")
            return ReferenceResolver.Candidate(
                value: row.item, id: row.item.id.rawValue, title: row.item.title, detail: detail.isEmpty ? nil : detail)
        }
        return try ReferenceResolver.resolve(
            reference, among: candidates, kind: "item", scope: "“\(view.title)”", preferring: preferring)
    }

    /// Sends the edit, or queues it when the server cannot be reached (also when the
    /// connection drops before the `ack`: the same `opId` makes the later resend harmless).
    public func submit(_ operation: Operation, now: Date = Date()) async throws -> SubmitOutcome {
        if let session = try await session() {
            do {
                return .acknowledged(try await session.perform(operation))
            } catch let error as ClientError where error.isTransient {
                return .queued(try enqueue(operation, now: now), reason: error)
            }
        }
        return .queued(try enqueue(operation, now: now), reason: offlineReason!)
    }

    public func close() {
        if case .online(let session) = connection { session.close() }
    }

    private func enqueue(_ operation: Operation, now: Date) throws -> QueuedOp {
        let op = QueuedOp(
            operation, server: configuration.server, username: username,
            queuedAt: Timestamp(now)
        )
        try configuration.queue.append(op)
        return op
    }
}

/// What became of an edit given to `ClientContext.submit`: the server acknowledged it, or it
/// waits in the offline queue.
public enum SubmitOutcome: Sendable {
    case acknowledged(Ack)
    /// The server could not be reached (`reason`); the edit will be sent with the same `opId`.
    case queued(QueuedOp, reason: ClientError)
}
