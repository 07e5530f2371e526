import ChecklistClient
import ChecklistCore
import Dispatch
import Foundation
import WireProtocol

/// `watch LIST [--follow] [--json]`.
extension TerminalCommands {
    /// How `watch` shows the list.
    public enum WatchMode: Sendable {
        /// Redrawn in place (needs a terminal; falls back to `follow` otherwise), interactive
        /// when standard input is a terminal too.
        case screen
        /// Printed once, then a line per change.
        case follow
        /// JSON Lines.
        case json
    }

    /// Follows the list live until Ctrl-C (SIGINT), SIGTERM or `q`, which end it cleanly: the
    /// terminal is restored and the exit status is 0. It ends with an error only when
    /// retrying cannot help (revoked, logged out, no such checklist).
    public static func watch(list reference: String, mode: WatchMode, server: String?, console: Console) async throws {
        let configuration = try configuration(server: server)
        guard configuration.token != nil else { throw configuration.notLoggedIn }
        let keys = WatchKeyActions()
        let output: any WatchOutput
        switch mode {
        case .json: output = JSONLinesPrinter(console: console)
        case .screen where console.capabilities.isTerminal:
            let presenter = ScreenPresenter(painter: console.painter, timeZone: timeZone) { key, item, view in
                keys.perform(key, on: item, in: view)
            }
            keys.presenter = presenter
            output = presenter
        case .screen, .follow: output = FollowPrinter(console: console, timeZone: timeZone)
        }
        let live = LiveList(configuration: configuration, list: reference) { output.show($0) }
        let task = Task { await live.run() }
        keys.live = live
        keys.quit = { task.cancel() }
        let stop = Interruption { task.cancel() }
        let failure = await task.value
        stop.cancel()
        // Let updates already queued reach the output before restoring the terminal.
        try? await Task.sleep(for: .milliseconds(60))
        output.finish()
        if let failure { throw ClientError.invalidInput(failure) }
    }
}

/// What the interactive screen's keys do to the selected item, on the live list's connection:
/// tick or untick it (check in, for a habit), snooze or dismiss its reminders, quit. Each says
/// what it did on the screen's feedback line.
// @unchecked Sendable: the references are set once, before the first key can arrive.
final class WatchKeyActions: @unchecked Sendable {
    weak var presenter: ScreenPresenter?
    var live: LiveList?
    var quit: (@Sendable () -> Void)?

    func perform(_ key: WatchKey, on item: RemoteItem?, in view: ChecklistView?) {
        if key == .quit { return quit?() ?? () }
        guard let item, let view, let live else { return presenter?.say("Select an item first (↑↓).") ?? () }
        Task {
            do {
                presenter?.say(try await Self.act(key, on: item, in: view, live: live))
            } catch {
                presenter?.say("✗ " + ((error as? ClientError)?.description ?? "\(error)"))
            }
        }
    }

    private static func act(_ key: WatchKey, on item: RemoteItem, in view: ChecklistView, live: LiveList) async throws
        -> String
    {
        let now = TerminalCommands.now
        switch key {
        case .toggle:
            let operation = toggle(item, in: view, now: now)
            let ack = try await live.send(operation)
            return (ack == nil ? "Queued offline: " : "Done: ") + operation.summary
        case .snooze, .snoozeLong:
            let until = Timestamp(now.addingTimeInterval(key == .snooze ? 600 : 3600))
            _ = try await live.request(.snoozeReminder(list: view.id, item: item.id, until: until))
            return "Snoozed “\(item.title)” until \(TerminalCommands.dates().due(.dateTime(until)))"
        case .dismiss:
            _ = try await live.request(.dismissReminder(list: view.id, item: item.id, at: Timestamp(now)))
            return "Dismissed the reminders of “\(item.title)”"
        case .up, .down, .quit:
            return ""
        }
    }

    /// Done ↔ open; for a habit, today's check-in.
    private static func toggle(_ item: RemoteItem, in view: ChecklistView, now: Date) -> ChecklistClient.Operation {
        if view.isHabits {
            let day = RepeatDue.localDate(of: Timestamp(now), timeZone: view.summary.timeZone)
            return .checkIn(
                list: view.id, item: item.id, date: day, value: .done, itemTitle: item.title, listTitle: view.title)
        }
        let edit: Edit = item.status == .done ? .reopenItem(item.id) : .completeItem(item.id)
        return .itemStatus(edit, list: view.id, itemTitle: item.title, listTitle: view.title)
    }
}

/// Calls `handler` once on SIGINT or SIGTERM, instead of the default of dying mid-frame.
// @unchecked Sendable: `sources` is written once in `init` and read once in `cancel`.
final class Interruption: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []

    init(_ handler: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "checkwire.signals")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: handler)
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        sources.forEach { $0.cancel() }
    }
}
