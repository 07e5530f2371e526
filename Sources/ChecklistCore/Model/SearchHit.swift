/// One `search` result: a checklist (no item) or an item, with the words that matched marked.
public struct SearchHit: Sendable {
    public var listID: ListID
    public var listTitle: String
    public var listStatus: ListStatus
    public var item: ItemView?
    public var snippet: String

    public init(listID: ListID, listTitle: String, listStatus: ListStatus, item: ItemView?, snippet: String) {
        self.listID = listID
        self.listTitle = listTitle
        self.listStatus = listStatus
        self.item = item
        self.snippet = snippet
    }
}
