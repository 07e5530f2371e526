/// The order of the lists view: In Progress by due date (soonest first, undated last, ties
/// by title), then Completed, then Cancelled, each newest first by the time they got there
/// (ties by title ignoring case, then id).
public enum ListOrdering {
    public static func sorted(_ summaries: [ListSummary]) -> [ListSummary] {
        summaries.sorted(by: precedes)
    }

    public static func precedes(_ a: ListSummary, _ b: ListSummary) -> Bool {
        let (x, y) = (a.list, b.list)
        if x.status != y.status { return rank(x.status) < rank(y.status) }
        // Titles that differ only in case are one title: the id decides, as the contract says.
        let titleOrder = (x.title.lowercased(), x.id) < (y.title.lowercased(), y.id)
        switch x.status {
        case .active:
            switch (x.due?.sortKey, y.due?.sortKey) {
            case let (p?, q?) where p != q: return p < q
            case (.some, nil): return true
            case (nil, .some): return false
            default: return titleOrder
            }
        case .completed, .cancelled:
            let p = (x.status == .completed ? x.completedAt : x.cancelledAt) ?? Timestamp(milliseconds: 0)
            let q = (y.status == .completed ? y.completedAt : y.cancelledAt) ?? Timestamp(milliseconds: 0)
            return p != q ? p > q : titleOrder
        }
    }

    private static func rank(_ status: ListStatus) -> Int {
        switch status {
        case .active: 0
        case .completed: 1
        case .cancelled: 2
        }
    }
}
