/// One line of an agenda: an item (for a repeating item, one of its occurrences: `due` is
/// that occurrence) and the checklist it is in.
public struct AgendaEntry: Sendable {
    public var listID: ListID
    public var listTitle: String
    public var item: ItemView

    public init(listID: ListID, listTitle: String, item: ItemView) {
        self.listID = listID
        self.listTitle = listTitle
        self.item = item
    }
}
