public import ChecklistCore
public import ChecklistStore
public import Foundation

extension StoreRules {
    /// Parses `text` against the user's checklists and adds the item it describes, as one
    /// `addItem` event. An `opId` already used returns the original acknowledgement first.
    ///
    /// Parsing happens here, on the store thread, because the user's checklist and section
    /// names live here; it takes microseconds. `encodeParsed` turns what was understood into
    /// the ack's `parsed` JSON, which is stored with the op: a resent quickAdd is not parsed
    /// again (the user's lists may have changed since) but answered with the original.
    public func quickAdd(
        text: String, defaultList: ListID?, timeZone: TimeZone, opID: String, by actor: Actor, newID: ItemID,
        encodeParsed: (QuickAddResult) -> [UInt8]
    ) throws(StoreError) -> EditOutcome {
        let candidates: [(state: ChecklistState, role: Role)]
        do {
            if let ack = try acknowledgement(of: opID, by: actor.userID) { return .duplicate(ack) }
            try flushMembershipChanges()
            candidates = try port.memberships(of: actor.userID).compactMap { membership in
                guard let state = try state(membership.listID), let role = state.role(of: actor.userID) else {
                    return nil
                }
                return (state, role)
            }
        } catch {
            throw storeError(error)
        }
        let lists = candidates.filter { $0.state.list.status != .cancelled }.map { candidate in
            QuickAddList(
                name: candidate.state.list.title,
                sections: candidate.state.children(of: nil).filter { $0.status != .cancelled }.map(\.title)
            )
        }
        let parsed = QuickAddParser().parse(text, lists: lists, now: Date(), timeZone: timeZone)
        do {
            // Text that names no checklist, sent with no `list`, goes to the user's Inbox.
            let fallback = try defaultList ?? account(id: actor.userID).map(withInbox)?.inboxID
            let listID = try QuickAddPlan.targetList(named: parsed.list, fallback: fallback, candidates: candidates)
            guard let state = try self.state(listID) else { throw StoreError.rejected(.listNotFound(listID)) }
            let item = try QuickAddPlan.newItem(parsed, id: newID, in: state, timeZone: timeZone)
            return try apply(
                .edit(listID, .addItem(item)), opID: opID, by: actor, kind: "quickAdd", parsed: encodeParsed(parsed))
        } catch {
            throw storeError(error)
        }
    }
}
