import ChecklistClient
import ChecklistCore
import Testing
import WireProtocol

/// The terminal's edits carry time-ordered opIds (version 7 UUIDs, cheaper for the server's
/// opId index) while the items they create keep random ids (people type their first digits).
@Suite struct OperationIDTests {
    @Test func opIDsAreVersion7AndNewItemIDsStayVersion4() throws {
        let first = Operation.addItem(list: "l1", title: "Milk", listTitle: "Groceries")
        let second = Operation.addItem(list: "l1", title: "Bread", listTitle: "Groceries")
        for operation in [first, second] {
            #expect(Self.version(of: operation.opID) == "7", "\(operation.opID)")
            guard case .edit(_, .addItem(let new)) = operation.request else {
                Issue.record("expected an addItem, got \(operation.request)")
                continue
            }
            #expect(Self.version(of: new.id.rawValue) == "4", "\(new.id)")
        }
        #expect(first.opID != second.opID)
        // Made later (or in the same millisecond): never sorts before by its time digits.
        #expect(first.opID.prefix(13) <= second.opID.prefix(13))
    }

    /// The version digit of a UUID's text (`xxxxxxxx-xxxx-Vxxx-…`).
    static func version(of uuid: String) -> Character? {
        let characters = Array(uuid)
        return characters.count == 36 && characters[8] == "-" && characters[13] == "-" ? characters[14] : nil
    }
}
