/// A participant's role on one checklist; it decides which edits they may make.
public enum Role: String, Sendable, CaseIterable, Codable {
    case owner, editor, viewer

    /// Editors and owners change items and the list's own fields.
    public var mayEditItems: Bool { self != .viewer }

    /// Only the owner shares, unshares, cancels or restores the checklist.
    public var mayManageList: Bool { self == .owner }
}
