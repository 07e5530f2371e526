import ChecklistCore
import Testing
import WireProtocol

/// Every request kind survives encode → decode unchanged, including the three meanings of an
/// optional field (absent: unchanged; null: cleared; a value: set) and of `after`.
@Suite struct RequestEncoderTests {
    @Test(arguments: [
        Request(
            ref: "r",
            body: .op(
                opID: "o",
                .edit(
                    "l",
                    .updateList(Edit.ListUpdate(title: "T", description: .clear, due: .set(Due(wire: "2027-01-02")!)))))
        ),
        Request(ref: nil, body: .op(opID: "o", .edit("l", .updateList(Edit.ListUpdate(description: .set("d")))))),
        Request(ref: nil, body: .op(opID: "o", .edit("l", .completeList))),
        Request(ref: nil, body: .op(opID: "o", .edit("l", .reopenList))),
        Request(ref: nil, body: .op(opID: "o", .edit("l", .cancelList))),
        Request(ref: nil, body: .op(opID: "o", .edit("l", .restoreList))),
        Request(
            ref: nil,
            body: .op(opID: "o", .edit("l", .addItem(Edit.NewItem(id: "i", placement: .first, title: "First"))))),
        Request(
            ref: nil,
            body: .op(
                opID: "o", .edit("l", .addItem(Edit.NewItem(id: "i", title: "Last", notes: "n", location: "Lab"))))),
        Request(
            ref: nil,
            body: .op(opID: "o", .edit("l", .updateItem("i", Edit.ItemUpdate(due: .clear, remindEvery: .set(60)))))),
        Request(ref: nil, body: .op(opID: "o", .edit("l", .moveItem("i", parent: .set("p"), placement: .after("s"))))),
        Request(ref: nil, body: .op(opID: "o", .edit("l", .moveItem("i", parent: .unchanged, placement: .last)))),
        Request(ref: nil, body: .op(opID: "o", .edit("l", .reopenItem("i")))),
        Request(ref: nil, body: .op(opID: "o", .edit("l", .cancelItem("i")))),
        Request(ref: nil, body: .op(opID: "o", .edit("l", .restoreItem("i")))),
        Request(ref: nil, body: .op(opID: "o", .createList(id: nil, Edit.NewList(title: "No id")))),
        Request(ref: nil, body: .op(opID: "o", .quickAdd(text: "Milk", list: "l", timeZone: nil))),
    ])
    func encodingThenDecodingGivesTheSameRequest(_ request: Request) throws {
        let decoded = try RequestDecoder.decode(request.encoded(), newID: { "generated" })
        #expect(decoded == request)
    }

    @Test func aStringThatNeedsEscapingStaysWhole() throws {
        let request = Request(ref: "r\"1", body: .login(username: "olive", password: "pa\"ss\\word\n✓"))
        #expect(try RequestDecoder.decode(request.encoded(), newID: { "" }) == request)
    }
}
