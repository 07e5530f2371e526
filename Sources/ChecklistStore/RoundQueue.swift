import Foundation

/// A queue that one thread empties in rounds: any thread appends, the consumer takes
/// everything waiting at once (a store batch, or the batches one flush covers), and `stop`
/// lets it finish what is queued and then end.
///
/// `@unchecked Sendable`: every field is guarded by `condition`.
package final class RoundQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [Element] = []
    private var stopping = false

    package init() {}

    /// Appends `element` unless `stop` was called; false then. Checking and appending under
    /// one lock is what lets a producer never wait for an element that was dropped.
    @discardableResult
    package func append(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping else { return false }
        waiting.append(element)
        condition.signal()
        return true
    }

    /// Everything waiting, after waiting for at least one; `nil` once stopped and empty.
    package func nextRound() -> [Element]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !stopping { condition.wait() }
        if waiting.isEmpty { return nil }
        let round = waiting
        waiting = []
        return round
    }

    /// Refuses later appends and wakes the consumer; true only for the first call.
    package func stop() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let first = !stopping
        stopping = true
        condition.signal()
        return first
    }

    package var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }
}
