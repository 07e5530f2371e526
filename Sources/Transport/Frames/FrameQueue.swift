import DequeModule

/// A connection's outbound frames, first in first out: swift-collections' `Deque`, a ring
/// buffer that grows by doubling, pops from the front in O(1) and holds no storage at all
/// for an idle connection once emptied with `removeAll()` (most connections are idle most
/// of the time). It replaced a hand-written ring of the same design in 0.9.0.
typealias FrameQueue = Deque<OutboundFrame>
