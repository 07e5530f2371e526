/// Everything one checklist holds: its fields, participants and item tree.
///
/// A value: the store keeps one per loaded checklist, applies edits to it, and keeps the
/// old value to fall back on when a commit fails.
public struct ChecklistState: Hashable, Sendable {
    public var list: Checklist
    public private(set) var participants: [UserID: Participant]
    public internal(set) var items: [ItemID: Item]
    /// Child ids per parent (`nil` = root), unordered; `children(of:)` sorts by position.
    var childIDs: [ItemID?: [ItemID]]
    /// What every item contributes to its parent's completion (see `ChecklistState+Completion`).
    var subtreeCompletion: [ItemID: Completion]
    var listCompletion: Completion
    /// Completion before the edit being applied, of the items it changed; `nil` outside `apply`.
    var completionBefore: [ItemID: Completion?]?
    /// Where each parent's children begin and end (a cache; see `SiblingBounds`).
    var siblingBoundsCache = SiblingBounds()
    /// Habit check-ins: item → username → day → value.
    public internal(set) var checkIns: [ItemID: [String: [CivilDate: CheckInValue]]] = [:]
    /// Each participant's habit scan through yesterday (derived; see `HabitCalculator`).
    var habitLedgers = HabitLedgers()

    public init(list: Checklist, participants: [Participant], items: [Item], checkIns: [CheckInRecord] = []) {
        var byItem: [ItemID: [String: [CivilDate: CheckInValue]]] = [:]
        for record in checkIns {
            guard let value = record.value else { continue }
            byItem[record.itemID, default: [:]][record.username, default: [:]][record.date] = value
        }
        self.checkIns = byItem
        self.list = list
        self.participants = Dictionary(participants.map { ($0.userID, $0) }, uniquingKeysWith: { _, new in new })
        self.items = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { _, new in new })
        childIDs = [:]
        for item in items { childIDs[item.parent, default: []].append(item.id) }
        let counted = CompletionIndex(items: self.items, childIDs: childIDs)
        subtreeCompletion = counted.subtree
        listCompletion = counted.list
    }

    /// The completion counted from scratch, to check the incremental bookkeeping against.
    var recountedCompletion: CompletionIndex { CompletionIndex(items: items, childIDs: childIDs) }

    public func role(of userID: UserID) -> Role? { participants[userID]?.role }

    /// Participants in a stable order: the owner first, then by username ignoring case.
    public var orderedParticipants: [Participant] {
        participants.values.sorted {
            ($0.role == .owner ? 0 : 1, $0.username.lowercased(), $0.username) < (
                $1.role == .owner ? 0 : 1, $1.username.lowercased(), $1.username
            )
        }
    }

    /// Children of `parent` (`nil` = root) by position.
    public func children(of parent: ItemID?) -> [Item] {
        (childIDs[parent] ?? []).compactMap { items[$0] }.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
    }

    /// Ids of the children of `parent`, unordered.
    func siblingIDs(of parent: ItemID?) -> [ItemID] { childIDs[parent] ?? [] }

    /// Whether any item is under `id` (whatever its status).
    public func hasChildren(_ id: ItemID) -> Bool { !(childIDs[id]?.isEmpty ?? true) }

    /// Ids of every descendant of `id`, depth first.
    func descendants(of id: ItemID) -> [ItemID] {
        var result: [ItemID] = []
        var stack = childIDs[id] ?? []
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: childIDs[next] ?? [])
        }
        return result
    }

    /// Ids from the parent of `id` up to the root.
    func ancestors(of id: ItemID) -> [ItemID] {
        var result: [ItemID] = []
        var current = items[id]?.parent
        while let ancestor = current {
            result.append(ancestor)
            current = items[ancestor]?.parent
        }
        return result
    }

    // MARK: Mutation primitives (keep the child index and completion in step)

    mutating func insert(_ item: Item) {
        items[item.id] = item
        countInserted(item)
        boundsInserted(item)
    }

    mutating func replace(_ item: Item) {
        guard let old = items[item.id] else { return insert(item) }
        countReplaced(old, with: item)
        boundsReplaced(old, with: item)
    }

    mutating func setParticipant(_ participant: Participant) {
        participants[participant.userID] = participant
    }

    mutating func removeParticipant(_ userID: UserID) {
        participants[userID] = nil
    }

    // MARK: Reading

    /// The item with its derived completion, as readers see it.
    /// With `now`, whether it is available is worked out too (else it counts as available).
    public func view(of id: ItemID, now: Timestamp? = nil) -> ItemView? {
        guard let item = items[id] else { return nil }
        return ItemView(
            item: item, completion: completion(of: id),
            available: now.map { unavailability(of: id, now: $0) == nil } ?? true)
    }

    /// Every item, parents before children and siblings by position, as a snapshot lists them.
    public func orderedItemViews(now: Timestamp? = nil) -> [ItemView] {
        var result: [ItemView] = []
        result.reserveCapacity(items.count)
        var stack = children(of: nil).reversed().map(\.id)
        while let id = stack.popLast() {
            guard let item = items[id] else { continue }
            result.append(
                ItemView(
                    item: item, completion: completion(of: id),
                    available: now.map { unavailability(of: id, now: $0) == nil } ?? true))
            stack.append(contentsOf: children(of: id).reversed().map(\.id))
        }
        return result
    }

    public func summary(role: Role?) -> ListSummary {
        ListSummary(list: list, completion: completion(), participantCount: participants.count, role: role)
    }
}
