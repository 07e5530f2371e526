import ChecklistCore
import GRDB

extension ChecklistStore {
    /// The checklist's state, from the cache or loaded from its rows; `nil` when it does not exist.
    func state(_ id: ListID) throws -> ChecklistState? {
        if let cached = states.use(id) { return cached }
        guard
            let listRow = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM lists WHERE id = ?"), arguments: [id])
        else { return nil }
        let participants = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT user_id, username, role, joined_at FROM participants WHERE list_id = ?"),
            arguments: [id]
        ).compactMap(RowCodec.participant)
        let items = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(RowCodec.itemColumns()) FROM items WHERE list_id = ?"), arguments: [id]
        )
        .compactMap(RowCodec.item)
        let checkIns = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT item_id, username, date, value FROM check_ins WHERE list_id = ?"),
            arguments: [id]
        ).compactMap { row -> CheckInRecord? in
            guard let date = CivilDate(iso: row[2]), let value = CheckInValue(rawValue: row[3]) else { return nil }
            return CheckInRecord(itemID: row[0], username: row[1], date: date, value: value)
        }
        let state = ChecklistState(
            list: RowCodec.checklist(listRow), participants: participants, items: items, checkIns: checkIns)
        states[id] = state
        return state
    }

    /// The state for a reader or editor, with the same answer for "does not exist" and
    /// "not yours" so ids cannot be probed.
    func visibleState(_ id: ListID, for userID: UserID) throws -> ChecklistState {
        guard let state = try state(id), state.role(of: userID) != nil else {
            throw StoreError.rejected(.listNotFound(id))
        }
        return state
    }

    /// Makes sure the checklist is in the cache (loading it from its rows if need be), or
    /// throws `listNotFound`. Copies no state: an edit's own rules then check the actor's role
    /// (a checklist they do not take part in is `listNotFound` there too).
    func requireCached(_ id: ListID) throws {
        if states.contains(using: id) { return }
        guard try state(id) != nil else { throw StoreError.rejected(.listNotFound(id)) }
    }
}
