/// Why an item is cancelled, so that a restore undoes exactly what a cancel did.
///
/// Cancelling cascades to open descendants; restoring returns the cancelled item to its
/// earlier status and re-opens only the descendants that this cascade reached — not the
/// ones that were cancelled on their own before.
public enum CancelOrigin: Hashable, Sendable {
    /// Cancelled by an edit naming this item; `previous` is the status to restore.
    case direct(previous: ItemStatus)
    /// Cancelled because the ancestor with this id was cancelled.
    case cascade(from: ItemID)
    /// Cancelled because the whole checklist was cancelled.
    case checklist

    /// A compact text form for storage: `direct:open`, `direct:done`, `cascade:<id>`, `checklist`.
    public var storageValue: String {
        switch self {
        case .direct(let previous): "direct:" + previous.rawValue
        case .cascade(let ancestor): "cascade:" + ancestor.rawValue
        case .checklist: "checklist"
        }
    }

    public init?(storageValue: String) {
        if storageValue == "checklist" {
            self = .checklist
        } else if storageValue.hasPrefix("cascade:") {
            self = .cascade(from: ItemID(String(storageValue.dropFirst("cascade:".count))))
        } else if storageValue.hasPrefix("direct:"),
            let previous = ItemStatus(rawValue: String(storageValue.dropFirst("direct:".count)))
        {
            self = .direct(previous: previous)
        } else {
            return nil
        }
    }
}
