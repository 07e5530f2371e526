public import ChecklistCore
import Foundation
public import WireProtocol

/// The cached copy with the user's queued offline edits applied, so that what `show` prints
/// offline includes what was just done, and an item added offline can be named by the next
/// offline command (`add Groceries Milk`, then `done Groceries Milk`: the `done` is queued
/// with the id the `add` chose).
///
/// It applies each edit the way the server most likely will (its rules may still refuse one:
/// the refusal is then reported as for any queued edit), and marks every item it touched with
/// `"pending": true`, which `show` prints as "(pending)" and `--json` keeps. Edits it cannot
/// place (a quick add, whose list and fields the server decides) leave the copy as it is.
extension ChecklistView {
    public func applying(_ ops: [QueuedOp]) -> ChecklistView {
        var view = self
        for op in ops where op.message.string("list") == id.rawValue {
            view.apply(op.message)
        }
        return view
    }

    private mutating func apply(_ message: JSONValue) {
        if message.string("op") == "addItem" { return add(message) }
        guard let id = message.string("item").map(ItemID.init) else { return }
        switch message.string("op") {
        case "updateItem": update(id, from: message)
        case "moveItem": move(id, message)
        case "completeItem": setStatus(id, .done)
        case "reopenItem", "restoreItem": setStatus(id, .open)
        case "cancelItem": cancel(id)
        default: break
        }
    }

    /// The fields an `addItem` or `updateItem` may carry, as ITEM names them.
    private static let fields = [
        "title", "notes", "due", "location", "remindEvery", "remindBefore", "assignee", "repeat",
    ]

    private mutating func add(_ message: JSONValue) {
        guard let id = message.string("id") else { return }
        // Last among the items, whichever kind of position the server uses.
        let position: JSONValue =
            switch items.values.map(\.position).max() {
            case .text(let text)?: .string(text + "~")
            case .number(let number)?: .number(JSONNumber(number + 1))
            case nil: .number(JSONNumber(1))
            }
        var pairs: [(String, JSONValue)] = [
            ("id", .string(id)), ("parent", message["parent"] ?? .null), ("position", position), ("status", "open"),
            ("createdBy", viewer.map(JSONValue.string) ?? .null),
        ]
        for field in Self.fields { pairs.append((field, message[field] ?? .null)) }
        replace(JSONObject(pairs))
    }

    private mutating func update(_ id: ItemID, from message: JSONValue) {
        guard var raw = items[id]?.raw else { return }
        for field in Self.fields { if let value = message[field] { raw = raw.setting(field, value) } }
        replace(raw)
    }

    private mutating func move(_ id: ItemID, _ message: JSONValue) {
        guard var raw = items[id]?.raw else { return }
        if let parent = message["parent"] { raw = raw.setting("parent", parent) }
        replace(raw)
    }

    /// A repeating item stays open when ticked (its due moves on; the server knows to where).
    private mutating func setStatus(_ id: ItemID, _ status: ItemStatus) {
        guard var raw = items[id]?.raw else { return }
        if !(status == .done && items[id]?.repeatRule != nil) { raw = raw.setting("status", .string(status.rawValue)) }
        replace(raw)
    }

    /// Cancelling cascades to open descendants, as on the server.
    private mutating func cancel(_ id: ItemID) {
        var stack = [id]
        while let next = stack.popLast() {
            guard let item = items[next] else { continue }
            if next == id || item.status == .open {
                replace(item.raw.setting("status", .string(ItemStatus.cancelled.rawValue)))
            }
            stack += items.values.filter { $0.parent == next }.map(\.id)
        }
    }

    private mutating func replace(_ raw: JSONObject) {
        guard let item = try? RemoteItem(json: .object(raw.setting("pending", true))) else { return }
        items[item.id] = item
    }
}
