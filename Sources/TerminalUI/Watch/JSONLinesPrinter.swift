public import ChecklistClient
import WireProtocol

/// `watch --json`: one JSON object per line. `{"type":"snapshot","list":LIST}` whenever the
/// copy is replaced, each `event` exactly as the server sent it, and
/// `{"type":"state","state":"live"|"connecting"|"reconnecting"|"stopped","seq":N}` when the
/// connection changes, each `reminder`, `listShared`, `reminderDismissed` and `reminderSnoozed`
/// as the server sent it (without `ref`), and
/// `{"type":"queueSent","sent":N,"refused":[REFUSAL]}` when connecting sent the offline queue
/// (REFUSAL as `checkwire status --json` prints it).
public final class JSONLinesPrinter: WatchOutput, Sendable {
    private let console: Console

    public init(console: Console) {
        self.console = console
    }

    public func show(_ update: LiveUpdate) {
        switch update.cause {
        case .snapshot:
            guard let view = update.view else { return }
            console.print(
                json: JSONOutput([("type", "snapshot"), ("seq", .number(JSONNumber(view.seq))), ("list", view.json)]))
        case .event(let event, _):
            console.print(json: JSONOutput(event.raw))
        case .notice(let notice):
            console.print(json: JSONOutput(notice.raw))
        case .reminderHandled(let raw):
            console.print(json: JSONOutput(reply: raw, [("type", raw["type"] ?? .null)]))
        case .queueSent(let sent, let refused):
            console.print(
                json: JSONOutput([
                    ("type", "queueSent"), ("sent", .number(JSONNumber(Int64(sent)))),
                    ("refused", .array(refused.map(\.json))),
                ]))
        case .state:
            var pairs: [(String, JSONValue)] = [("type", "state"), ("state", .string(StatusLine.name(update.state)))]
            pairs.append(("seq", update.view.map { .number(JSONNumber($0.seq)) } ?? .null))
            if case .ended(let reason) = update.state { pairs.append(("reason", .string(reason))) }
            if case .waiting(_, _, let reason) = update.state { pairs.append(("reason", .string(reason))) }
            console.print(json: JSONOutput(pairs))
        }
    }

    public func finish() {}
}
