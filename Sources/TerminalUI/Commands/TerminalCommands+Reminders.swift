import ChecklistClient
import ChecklistCore
import Foundation
import Synchronization
import WireProtocol

/// `reminders`, `snooze`, `dismiss` and `remind --follow`.
extension TerminalCommands {
    /// The reminders waiting for the user: what the server sends right after sign-in (each
    /// item's latest undismissed one of the last 24 hours). They arrive before the reply to
    /// any later request, so a `settings` request marks their end.
    public static func reminders(server: String?, console: Console) async throws {
        let configuration = try configuration(server: server)
        let collected = Collected<ReminderNotice>()
        let session = try await AuthenticatedSession.open(configuration) { message in
            if let reminder = ReminderNotice(message) { collected.append(reminder) }
        }
        defer { session.close() }
        _ = try await session.connection.request(.settings(timeZone: nil), timeout: configuration.requestTimeout)
        let reminders = collected.values
        if console.json {
            let shapes = reminders.map { JSONOutput(reply: $0.raw).value }
            console.print(json: JSONOutput([("reminders", .array(shapes))]))
            return
        }
        guard !reminders.isEmpty else { return console.print("No reminders waiting.") }
        let dates = dates()
        for reminder in reminders { console.print(NoticeLine.render(reminder, dates: dates, painter: console.painter)) }
    }

    /// Holds back the item's reminders for the user until `until`, or for `duration`
    /// (default 10 minutes); then one reminder comes at that time.
    public static func snooze(
        list reference: String, item itemReference: String, duration: String?, until: String?, server: String?,
        console: Console
    ) async throws {
        let end: Timestamp
        if let until {
            let wire = try DueInput.parse(until, timeZone: timeZone)
            guard let instant = Timestamp(rfc3339: wire) else {
                throw ClientError.invalidInput("--until needs a time as well as a date, for example \"tomorrow 9am\"")
            }
            end = instant
        } else {
            let seconds = try ReminderInterval.parse(duration ?? "10m")
            end = Timestamp(milliseconds: Int64((now.timeIntervalSince1970 + Double(seconds)) * 1000))
        }
        let (session, list, item) = try await resolveForReminder(reference, itemReference, server: server)
        defer { session.close() }
        let reply = try await session.connection.request(
            .snoozeReminder(list: list.id, item: item.id, until: end), timeout: session.configuration.requestTimeout
        )
        if console.json { return console.print(json: JSONOutput(reply: reply.message, [("ok", true)])) }
        console.print("Snoozed “\(item.title)” until \(dates().due(.dateTime(end)))")
    }

    /// Dismisses the item's reminders so far; later ones still come.
    public static func dismiss(list reference: String, item itemReference: String, server: String?, console: Console)
        async throws
    {
        let (session, list, item) = try await resolveForReminder(reference, itemReference, server: server)
        defer { session.close() }
        let now = Timestamp(now)
        let reply = try await session.connection.request(
            .dismissReminder(list: list.id, item: item.id, at: now), timeout: session.configuration.requestTimeout
        )
        if console.json { return console.print(json: JSONOutput(reply: reply.message, [("ok", true)])) }
        console.print("Dismissed the reminders of “\(item.title)”")
    }

    /// Prints reminders as they come (with the terminal bell, or one JSON object per line
    /// with `--json`) until Ctrl-C; reconnects by itself, and the server sends what was
    /// missed while away. For scripts and desktop notifiers.
    public static func followReminders(server: String?, console: Console) async throws {
        let configuration = try configuration(server: server)
        guard configuration.token != nil else { throw configuration.notLoggedIn }
        let task = Task { () -> ClientError? in
            var backoff = Backoff()
            while !Task.isCancelled {
                let ended = OneShotSignal()
                let dates = dates()
                do {
                    let print: @Sendable (Incoming) -> Void = { message in
                        guard let reminder = ReminderNotice(message) else { return }
                        if console.json {
                            console.print(json: JSONOutput(reply: reminder.raw))
                        } else {
                            console.print(
                                NoticeLine.bell + NoticeLine.render(reminder, dates: dates, painter: console.painter))
                        }
                    }
                    let session = try await AuthenticatedSession.open(configuration, onMessage: print)
                    session.connection.setHandlers(onMessage: print, onEnd: { _ in ended.fire() })
                    backoff.reset()
                    // Like any client that connects, it sends the offline queue, and says what
                    // became of it (refusals also stay for `checkwire status`).
                    if let report = try? await session.flushQueue() {
                        reportFlush(report, configuration: configuration, console: console)
                    }
                    await withTaskCancellationHandler {
                        await ended.wait()
                    } onCancel: {
                        session.close()
                    }
                    session.close()
                } catch let error as ClientError where !error.isTransient {
                    return error
                } catch {}
                try? await Task.sleep(for: backoff.next())
            }
            return nil
        }
        let stop = Interruption { task.cancel() }
        let failure = await task.value
        stop.cancel()
        if let failure { throw failure }
    }

    private static func resolveForReminder(
        _ listReference: String, _ itemReference: String, server: String?
    ) async throws -> (AuthenticatedSession, RemoteSummary, RemoteItem) {
        let context = try context(server: server)
        let session = try await context.requireSession()
        let list = try await context.resolveList(listReference)
        let (view, _) = try await context.view(of: list)
        let item = try context.resolveItem(itemReference, in: view) { $0.status == .open }
        return (session, list, item)
    }
}

/// Values gathered on the connection's thread and read once the request that follows them
/// is answered.
final class Collected<Value: Sendable>: Sendable {
    private let stored = Mutex<[Value]>([])

    func append(_ value: Value) { stored.withLock { $0.append(value) } }
    var values: [Value] { stored.withLock { $0 } }
}
