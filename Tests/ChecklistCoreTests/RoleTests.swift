import ChecklistCore
import Testing

@Suite struct RoleTests {
    /// Every edit of an existing checklist, each with a state in which it is valid, so that
    /// the only reason to refuse it is who asks.
    enum Kind: String, CaseIterable, Sendable {
        case updateList, completeList, reopenList, cancelList, restoreList, share, unshare
        case addItem, updateItem, moveItem, completeItem, reopenItem, cancelItem, restoreItem

        var ownerOnly: Bool { [.cancelList, .restoreList, .share, .unshare].contains(self) }

        var edit: Edit {
            switch self {
            case .updateList: .updateList(Edit.ListUpdate(title: "renamed"))
            case .completeList: .completeList
            case .reopenList: .reopenList
            case .cancelList: .cancelList
            case .restoreList: .restoreList
            case .share: .share(Participant(userID: "u-new", username: "nina", role: .editor))
            case .unshare: .unshare(username: "xavi", userID: "u-extra")
            case .addItem: .addItem(Edit.NewItem(id: "n", title: "new"))
            case .updateItem: .updateItem("open", Edit.ItemUpdate(notes: .set("note")))
            case .moveItem: .moveItem("open", parent: .unchanged, placement: .first)
            case .completeItem: .completeItem("open")
            case .reopenItem: .reopenItem("done")
            case .cancelItem: .cancelItem("open")
            case .restoreItem: .restoreItem("cancelled")
            }
        }

        /// Items `open`, `done` and `cancelled`, a fourth participant, and the list status the edit needs.
        func state() -> ChecklistState {
            var state = CoreFixture.tree([("open", nil), ("done", nil), ("cancelled", nil)])
            state.run(.share(Participant(userID: "u-extra", username: "xavi", role: .editor)))
            state.run(.completeItem("done"))
            state.run(.cancelItem("cancelled"))
            switch self {
            case .completeList:
                state.run(.completeItem("open"))
            case .reopenList:
                state.run(.completeItem("open"))
                state.run(.completeList)
            case .restoreList:
                state.run(.cancelList)
            default:
                break
            }
            return state
        }
    }

    enum Who: String, CaseIterable, Sendable {
        case owner, editor, viewer, stranger

        var actor: Actor {
            switch self {
            case .owner: CoreFixture.owner
            case .editor: CoreFixture.editor
            case .viewer: CoreFixture.viewer
            case .stranger: CoreFixture.stranger
            }
        }

        /// What the contract promises: the owner may do everything, an editor all but
        /// managing the list, a viewer nothing; a stranger does not learn the list exists.
        func outcome(of kind: Kind) -> DomainErrorKind? {
            switch self {
            case .owner: nil
            case .editor: kind.ownerOnly ? .forbidden : nil
            case .viewer: .forbidden
            case .stranger: .notFound
            }
        }
    }

    @Test(arguments: Kind.allCases, Who.allCases)
    func roleDecidesWhoMayEdit(kind: Kind, who: Who) throws {
        var state = kind.state()
        _ = state.completion()
        let before = state
        if let refusal = who.outcome(of: kind) {
            let error = try state.refusal(kind.edit, by: who.actor)
            #expect(error.kind == refusal)
            #expect(state == before)
        } else {
            state.run(kind.edit, by: who.actor)
            #expect(state.list.seq == before.list.seq + 1)
        }
    }

    /// The stranger's answer is the one for a checklist that does not exist, so ids cannot be probed.
    @Test func strangersGetTheSameAnswerAsForAMissingList() throws {
        var state = CoreFixture.list()
        let error = try state.refusal(.updateList(Edit.ListUpdate(title: "x")), by: CoreFixture.stranger)
        #expect(error == DomainError.listNotFound(state.list.id))
    }

    @Test func createListDoesNotApplyToAnExistingChecklist() {
        var state = CoreFixture.list()
        #expect(state.refuse(.createList(Edit.NewList(title: "again")))?.kind == .badRequest)
    }

    @Test func sharingAgainChangesTheRole() {
        var state = CoreFixture.list()
        state.run(
            .share(Participant(userID: CoreFixture.viewer.userID, username: CoreFixture.viewer.username, role: .editor))
        )
        #expect(state.role(of: CoreFixture.viewer.userID) == .editor)
        state.run(.updateList(Edit.ListUpdate(title: "now I can")), by: CoreFixture.viewer)
        #expect(state.list.title == "now I can")
    }

    @Test func theOwnerCannotBeSharedWithOrRemoved() {
        var state = CoreFixture.list()
        let me = CoreFixture.owner
        #expect(
            state.refuse(.share(Participant(userID: me.userID, username: me.username, role: .editor)))?.kind
                == .badRequest)
        #expect(state.refuse(.unshare(username: me.username, userID: me.userID))?.kind == .badRequest)
        #expect(state.role(of: me.userID) == .owner)
    }

    @Test func sharingTheOwnerRoleIsABadRequest() {
        var state = CoreFixture.list()
        #expect(state.refuse(.share(Participant(userID: "u-new", username: "nina", role: .owner)))?.kind == .badRequest)
        #expect(state.role(of: "u-new") == nil)
    }

    @Test func unshareRemovesAndReportsTheRevokedUser() throws {
        var state = CoreFixture.list()
        let applied = try state.applying(.unshare(username: "vera", userID: CoreFixture.viewer.userID))
        #expect(applied.revokedUserID == CoreFixture.viewer.userID)
        #expect(applied.changes.participants == [ParticipantChange(username: "vera", role: nil)])
        #expect(state.role(of: CoreFixture.viewer.userID) == nil)
        #expect(state.refuse(.unshare(username: "vera", userID: CoreFixture.viewer.userID))?.kind == .notFound)
        #expect(state.refuse(.unshare(username: "nobody", userID: nil))?.kind == .notFound)
    }

    @Test(arguments: Role.allCases)
    func rolePermissions(role: Role) {
        #expect(role.mayEditItems == (role != .viewer))
        #expect(role.mayManageList == (role == .owner))
    }
}
