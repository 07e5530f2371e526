/// Several nodes of one cluster (`BenchConfiguration.moreURLs`): which node each connection
/// uses, and delivery latency kept apart by whether the event crossed between nodes.
///
/// Why apart: on one node an event goes from the committing store thread to the hub at once;
/// to another node it goes through PostgreSQL (the tail, hinted after each commit, or the
/// head check), which is the figure a cluster's operator needs to see on its own.
extension BenchEngine {
    /// Writers go round-robin over the nodes.
    func node(ofWriter writer: Int) -> Int { writer % nodeURLs.count }

    /// Subscriber `index` follows list `index % lists`; a list's subscribers are
    /// `list, list + lists, …`, so counting them round-robin over the nodes puts the same
    /// share of every list's subscribers on each node (half each with two nodes). Each list
    /// starts the count at its own node, so that lists with one subscriber each are spread too.
    func node(ofSubscriber index: Int, lists: Int) -> Int {
        let lists = max(lists, 1)
        return (index / lists + index % lists) % max(nodeURLs.count, 1)
    }

    /// Per node: its URL, and how many subscribers and writers use it (nil with one node).
    var nodeSpread: [BenchReport.Node]? {
        guard nodeURLs.count > 1 else { return nil }
        return nodeURLs.indices.map { node in
            BenchReport.Node(
                url: nodeURLs[node],
                subscribers: subscribers.count(where: { $0.node == node }),
                liveSubscribers: subscribers.count(where: { $0.node == node && $0.phase == .live }),
                writers: writers.count { $0.node == node }
            )
        }
    }
}

/// Edit → delivery latency for events delivered on the writer's own node and on another.
struct NodeLatency {
    var sameNode = LatencyRecorder()
    var crossNode = LatencyRecorder()

    @inline(__always)
    mutating func record(nanoseconds: UInt64, sameNode same: Bool) {
        if same {
            sameNode.record(nanoseconds: nanoseconds)
        } else {
            crossNode.record(nanoseconds: nanoseconds)
        }
    }
}
