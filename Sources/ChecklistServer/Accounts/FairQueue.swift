import DequeModule

/// Waiting work from many sources, taken in turns: one item from each source that has any,
/// round and round. Bounded in all and per source.
///
/// Why turns and not arrival order: password work is slow by design (scrypt, ~100 ms), so a
/// queue in arrival order lets one address that sends a burst (a signup flood, a password
/// spray) put every other address's login behind the whole burst; with 256 waiting and two
/// workers that was seconds. In turns, another address's job waits for at most one job of
/// each source ahead of it in the round, whatever the size of their bursts. The bound per
/// source keeps one source from filling the queue, so the others are never refused as busy
/// on its account.
struct FairQueue<Element> {
    let capacity: Int
    let perSourceCapacity: Int
    private var waiting: [String: Deque<Element>] = [:]
    /// Sources with work waiting, in the order of their next turn.
    private var turns = Deque<String>()
    private(set) var count = 0

    init(capacity: Int, perSourceCapacity: Int) {
        self.capacity = capacity
        self.perSourceCapacity = perSourceCapacity
    }

    var isEmpty: Bool { count == 0 }

    /// Queues `element` for `source`; `false` (and nothing queued) when the queue or that
    /// source's share of it is full.
    mutating func enqueue(_ element: Element, from source: String) -> Bool {
        guard count < capacity else { return false }
        if var queue = waiting[source] {
            guard queue.count < perSourceCapacity else { return false }
            queue.append(element)
            waiting[source] = queue
        } else {
            waiting[source] = [element]
            turns.append(source)
        }
        count += 1
        return true
    }

    /// The next element in turn: the oldest of the source whose turn it is; that source goes
    /// to the back of the round if it has more.
    mutating func dequeue() -> Element? { dequeue(from: { _ in true })?.element }

    /// The next element in turn among the sources `eligible` accepts (the others keep their
    /// place in the round): the pool holds back a source that already has its share of the
    /// workers, so that another source's job finds one free.
    mutating func dequeue(from eligible: (String) -> Bool) -> (source: String, element: Element)? {
        guard let turn = turns.firstIndex(where: eligible) else { return nil }
        let source = turns.remove(at: turn)
        guard var queue = waiting[source], let element = queue.popFirst() else { return nil }
        if queue.isEmpty {
            waiting[source] = nil
        } else {
            waiting[source] = queue
            turns.append(source)
        }
        count -= 1
        return (source, element)
    }
}
