/// A first-in first-out ring buffer of frames for one connection.
///
/// Why not `Array.removeFirst`: that is O(n) per frame. This ring grows by doubling, never
/// shrinks below its high-water mark while frames keep flowing, and holds no storage at all
/// for an idle connection (most connections are idle most of the time).
struct FrameQueue {
    private var slots: ContiguousArray<OutboundFrame?> = []
    private var head = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    var first: OutboundFrame? { count == 0 ? nil : slots[head] }

    mutating func append(_ frame: OutboundFrame) {
        if count == slots.count { grow() }
        slots[(head + count) & (slots.count - 1)] = frame
        count += 1
    }

    @discardableResult
    mutating func removeFirst() -> OutboundFrame? {
        guard count > 0 else { return nil }
        let frame = slots[head]
        slots[head] = nil
        head = (head + 1) & (slots.count - 1)
        count -= 1
        if count == 0 { head = 0 }
        return frame
    }

    /// Drops every frame and releases the storage.
    mutating func removeAll() {
        slots = []
        head = 0
        count = 0
    }

    /// Capacity is always a power of two so wrapping is a mask.
    private mutating func grow() {
        let newCapacity = Swift.max(4, slots.count * 2)
        var newSlots = ContiguousArray<OutboundFrame?>(repeating: nil, count: newCapacity)
        for index in 0..<count {
            newSlots[index] = slots[(head + index) & (slots.count - 1)]
        }
        slots = newSlots
        head = 0
    }
}
