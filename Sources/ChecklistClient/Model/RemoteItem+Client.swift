import ChecklistCore
public import WireProtocol

extension RemoteItem {
    /// How many files are attached and not cancelled.
    public var attachmentCount: Int { attachments.filter { $0.status != .cancelled }.count }

    /// An edit of this item waits in the offline queue (`ChecklistView.applying(_:)`): what is
    /// shown is what the server will most likely make of it.
    public var isPending: Bool { raw["pending"]?.boolValue == true }
}
