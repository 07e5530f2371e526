public import ChecklistClient
public import ChecklistCore
import WireProtocol

/// What a key does in the interactive `watch` screen.
public enum WatchKey: Sendable, Equatable {
    case up, down, toggle, snooze, snoozeLong, dismiss, quit

    /// The keys in one read from the terminal, in order: arrows (`ESC [ A`, `ESC [ B`, also
    /// `ESC O A` in application mode), `k`/`j`, space or `x`, `s`, `S`, `d`, `q`. Anything else is
    /// ignored.
    public static func decode(_ bytes: [UInt8]) -> [WatchKey] {
        var keys: [WatchKey] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B, i + 2 < bytes.count, bytes[i + 1] == 0x5B || bytes[i + 1] == 0x4F {
                if bytes[i + 2] == 0x41 { keys.append(.up) }
                if bytes[i + 2] == 0x42 { keys.append(.down) }
                i += 3
                continue
            }
            switch bytes[i] {
            case UInt8(ascii: "k"): keys.append(.up)
            case UInt8(ascii: "j"): keys.append(.down)
            case UInt8(ascii: " "), UInt8(ascii: "x"): keys.append(.toggle)
            case UInt8(ascii: "s"): keys.append(.snooze)
            case UInt8(ascii: "S"): keys.append(.snoozeLong)
            case UInt8(ascii: "d"): keys.append(.dismiss)
            case UInt8(ascii: "q"): keys.append(.quit)
            default: break
            }
            i += 1
        }
        return keys
    }

    /// The keys as the screen's last line lists them.
    public static let hint =
        "↑↓/jk select · space done/undone · s snooze 10m · S snooze 1h · d dismiss reminder · q quit"
}

/// The item selected on the `watch` screen, kept by id so that it stays put while others are
/// added or ticked around it.
public struct WatchSelection: Sendable, Equatable {
    public var item: ItemID?

    public init(item: ItemID? = nil) {
        self.item = item
    }

    /// The selected row's index in `rows` (the first row when the selected item is gone).
    public func index(in rows: [ChecklistView.Row]) -> Int? {
        guard !rows.isEmpty else { return nil }
        return item.flatMap { id in rows.firstIndex { $0.item.id == id } } ?? 0
    }

    /// Moves by `delta` rows, stopping at the ends.
    public mutating func move(_ delta: Int, in rows: [ChecklistView.Row]) {
        guard let index = index(in: rows) else { return }
        item = rows[max(0, min(rows.count - 1, index + delta))].item.id
    }
}
