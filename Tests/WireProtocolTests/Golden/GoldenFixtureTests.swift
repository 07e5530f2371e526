import ChecklistCore
import Foundation
import Testing
import WireProtocol

/// The golden fixtures under `Tests/fixtures/` are exactly what the Swift code produces (server
/// messages, rule cases) or decodes (client requests). The Python and JavaScript tests read the
/// same files. After an intended change: `CHECKWIRE_UPDATE_FIXTURES=1 swift test --filter GoldenFixtureTests`.
@Suite struct GoldenFixtureTests {
    @Test func serverMessagesAreWhatTheEncodersProduce() throws {
        let story = try FixtureStory()
        let state = story.state
        let olive = FixtureStory.olive
        let summary = state.summary(role: .owner)
        let messages: [(String, [UInt8])] = [
            (
                "authed",
                ServerMessage.authed(
                    token: String(repeating: "ab", count: 32), userID: olive.userID, username: "olive", ref: "r1")
            ),
            ("authed-auth", ServerMessage.authed(token: nil, userID: olive.userID, username: "olive", ref: "r2")),
            ("loggedOut", ServerMessage.loggedOut(ref: "r3")),
            ("loggedOut-push", ServerMessage.loggedOut(ref: nil)),
            (
                "error",
                ServerMessage.error(
                    WireError(.conflict, "2 of the items below are still open"), opID: "op-9", ref: "r4")
            ),
            (
                "ack",
                ServerMessage.ack(
                    opID: "op-2", listID: "list-1", seq: 2, createdID: "item-pack", parsed: nil, ref: "r5")
            ),
            (
                "ack-quickAdd",
                ServerMessage.ack(
                    opID: "op-q", listID: "list-1", seq: 12, createdID: "item-q",
                    parsed: Array(#"{"title":"Buy milk","due":"2027-03-05","list":"list-1"}"#.utf8), ref: nil
                )
            ),
            ("lists", ServerMessage.lists([summary], ref: "r6")),
            (
                "snapshot",
                ServerMessage.snapshot(
                    summary: summary, participants: state.orderedParticipants, items: state.orderedItemViews(),
                    ref: "r7")
            ),
            ("subscribed", ServerMessage.subscribed(listID: "list-1", seq: state.list.seq, replayed: 3, ref: "r7")),
            ("unsubscribed", ServerMessage.unsubscribed(listID: "list-1", ref: "r8")),
            ("listShared", ServerMessage.listShared(state.summary(role: .editor), by: "olive")),
            ("revoked", ServerMessage.revoked(listID: "list-1")),
            (
                "settings",
                ServerMessage.settings(
                    timeZone: "Europe/Lisbon", inboxID: "list-inbox", maxAttachmentBytes: 20 << 20,
                    email: EmailSettingsReply(
                        available: true, address: "olive@example.org", verified: true, reminders: true,
                        digest: TimeOfDay("07:30")), ref: "r9")
            ),
            (
                "reminder",
                ServerMessage.reminder(
                    listID: "list-1", listTitle: "Trip to Lisbon", item: try #require(state.view(of: "item-tickets")),
                    kind: .before,
                    at: Timestamp(rfc3339: "2027-03-09T17:00:00Z")!, late: true
                )
            ),
            (
                "reminderDismissed",
                ServerMessage.reminderDismissed(
                    listID: "list-1", itemID: "item-tickets", at: Timestamp(rfc3339: "2027-03-09T17:00:00Z")!,
                    ref: "r10"
                )
            ),
            (
                "history",
                ServerMessage.history(
                    listID: "list-habits",
                    days: [
                        ChecklistState.HistoryDay(
                            date: CivilDate(iso: "2027-03-01")!, username: "olive", itemID: "item-run", value: "done"),
                        ChecklistState.HistoryDay(
                            date: CivilDate(iso: "2027-03-02")!, username: "olive", itemID: "item-run", value: "missed"),
                    ], ref: "r11")
            ),
            (
                "reminderSnoozed",
                ServerMessage.reminderSnoozed(
                    listID: "list-1", itemID: "item-tickets", until: Timestamp(rfc3339: "2027-03-09T18:00:00Z")!,
                    ref: nil
                )
            ),
        ]
        for (name, bytes) in messages { try GoldenFixtures.check(bytes, at: "wire/server/\(name).json") }
        for (name, event) in story.events {
            try GoldenFixtures.check(ServerMessage.event(event), at: "wire/server/event-\(name).json")
        }
    }

    /// The replies that look across the checklists and those about push devices, written by the
    /// writers the server calls, from the story's items.
    @Test func planningAndDeviceRepliesAreWhatTheEncodersProduce() throws {
        let state = try FixtureStory().state
        let tickets = try #require(state.view(of: "item-tickets"))
        let quiz = try #require(state.view(of: "item-quiz"))
        let attachment: AttachmentID = "5f0e8c1a-3b7d-4e2f-9a6c-0d4b8e2f1a73"
        let messages: [(String, [UInt8])] = [
            (
                "agenda",
                ServerMessage.agenda(
                    items: [AgendaEntry(listID: "list-1", listTitle: "Trip to Lisbon", item: tickets)],
                    overdue: [AgendaEntry(listID: "list-1", listTitle: "Trip to Lisbon", item: quiz)], ref: "r12")
            ),
            (
                "search",
                ServerMessage.search(
                    [
                        SearchHit(
                            listID: "list-1", listTitle: "Trip to Lisbon", listStatus: .active, item: tickets,
                            snippet: "Print the «tickets»"),
                        SearchHit(
                            listID: "list-1", listTitle: "Trip to Lisbon", listStatus: .active, item: nil,
                            snippet: "«Trip» to Lisbon"),
                    ], ref: "r13")
            ),
            (
                "feed",
                ServerMessage.feed(
                    url:
                        "https://lists.example.org/feed/c8bc2586cdd87cd6f970fc4262c4bbc49165811788825fbc1ba3366bfde45413.ics",
                    list: nil, ref: "r14")
            ),
            (
                "feed-list",
                ServerMessage.feed(
                    url:
                        "https://lists.example.org/feed/a543997d84f12798350c09bdef2cdb171bf41ed3e4a5f808af2feb0c56263009.ics",
                    list: "list-1", ref: "r15")
            ),
            (
                "attachmentURL",
                ServerMessage.attachmentURL(
                    "http://127.0.0.1:8080/attachments/\(attachment.rawValue)?token=1804600800.user-olive.f745a15153c4dacf0ea4bbf57265e732",
                    id: attachment, ref: "r16")
            ),
            ("pushKey", ServerMessage.pushKey(Self.vapidKey, ref: "r17")),
            ("pushSubscribed", ServerMessage.pushSubscribed(id: Self.deviceID, ref: "r18")),
            (
                "devices",
                ServerMessage.devices(
                    [
                        ServerMessage.Device(
                            id: Self.deviceID, device: "Chromium on Linux",
                            created: Timestamp(rfc3339: "2027-03-01T09:00:00.123Z")!,
                            lastUsed: Timestamp(rfc3339: "2027-03-01T09:10:00.456Z")!)
                    ], ref: "r19")
            ),
            ("pushUnsubscribed", ServerMessage.pushUnsubscribed(id: Self.deviceID, ref: "r20")),
        ]
        for (name, bytes) in messages { try GoldenFixtures.check(bytes, at: "wire/server/\(name).json") }
    }

    /// A VAPID public key as `pushKey` sends it: an uncompressed P-256 point, base64url.
    private static let vapidKey =
        "BC1xFkK3JrBEAWJ8qfusMvXIUw-xkDzE2wIlhxeSGkiBofzkNjhU_4iM_0uOeHXWAMJoI5BBKoz3mzfQsRFIsPo"
    private static let deviceID = "9f3c6d2e-7a41-4b8e-a0c5-1e2d3f4a5b6c"

    /// Each client fixture decodes to the request it stands for.
    @Test(arguments: [
        ("signup", Request(ref: "r1", body: .signup(username: "olive", password: "correct horse"))),
        ("login", Request(ref: nil, body: .login(username: "olive", password: "correct horse"))),
        ("auth", Request(ref: "r2", body: .auth(token: String(repeating: "ab", count: 32)))),
        ("logout", Request(ref: nil, body: .logout)),
        ("lists", Request(ref: "r3", body: .lists)),
        ("subscribe", Request(ref: "r4", body: .subscribe(list: "list-1", since: 7))),
        ("subscribe-fresh", Request(ref: nil, body: .subscribe(list: "list-1", since: nil))),
        ("unsubscribe", Request(ref: nil, body: .unsubscribe(list: "list-1"))),
        (
            "op-createList",
            Request(
                ref: nil,
                body: .op(
                    opID: "op-1",
                    .createList(
                        id: "list-1",
                        Edit.NewList(
                            title: "Trip to Lisbon", description: "Spring break", due: Due(wire: "2027-03-12")
                        ))))
        ),
        (
            "op-addItem",
            Request(
                ref: nil,
                body: .op(
                    opID: "op-2",
                    .edit(
                        "list-1",
                        .addItem(
                            Edit.NewItem(
                                id: "item-tickets", parent: "item-pack", placement: .after("item-passport"),
                                title: "Print tickets",
                                due: Due(wire: "2027-03-10T17:00:00Z"), remindEvery: 3_600
                            )))))
        ),
        (
            "op-updateItem",
            Request(
                ref: nil,
                body: .op(
                    opID: "op-3",
                    .edit(
                        "list-1",
                        .updateItem(
                            "item-tickets",
                            Edit.ItemUpdate(title: "Print the tickets", notes: .clear, location: .set("Library"))
                        ))))
        ),
        (
            "op-moveItem",
            Request(
                ref: nil,
                body: .op(opID: "op-4", .edit("list-1", .moveItem("item-tickets", parent: .clear, placement: .first))))
        ),
        (
            "op-completeItem",
            Request(ref: "r5", body: .op(opID: "op-5", .edit("list-1", .completeItem("item-passport"))))
        ),
        ("op-share", Request(ref: nil, body: .op(opID: "op-6", .share("list-1", username: "bob", role: .editor)))),
        ("op-unshare", Request(ref: nil, body: .op(opID: "op-7", .unshare("list-1", username: "bob")))),
        (
            "op-quickAdd",
            Request(
                ref: nil,
                body: .op(
                    opID: "op-8", .quickAdd(text: "Buy milk tomorrow #Groceries", list: nil, timeZone: "Europe/Lisbon"))
            )
        ),
        (
            "op-addItem-reminders",
            Request(
                ref: nil,
                body: .op(
                    opID: "op-9",
                    .edit(
                        "list-1",
                        .addItem(
                            Edit.NewItem(
                                id: "item-visa", title: "Apply for the visa", due: Due(wire: "2027-03-01"),
                                remindBefore: 86_400, assignee: "bob"
                            )))))
        ),
        (
            "op-updateList-tz",
            Request(
                ref: nil,
                body: .op(opID: "op-10", .edit("list-1", .updateList(Edit.ListUpdate(timeZone: "Europe/Lisbon")))))
        ),
        ("settings", Request(ref: "r6", body: .settings(timeZone: "Europe/Lisbon"))),
        (
            "op-createList-habits",
            Request(
                ref: nil,
                body: .op(
                    opID: "op-11",
                    .createList(
                        id: "list-habits",
                        Edit.NewList(
                            title: "Morning habits", timeZone: "Europe/Lisbon", kind: .habits
                        ))))
        ),
        (
            "op-checkIn",
            Request(
                ref: nil,
                body: .op(
                    opID: "op-12",
                    .edit("list-habits", .checkIn("item-run", date: CivilDate(iso: "2027-03-01")!, value: .done))))
        ),
        (
            "op-checkIn-undo",
            Request(
                ref: nil,
                body: .op(
                    opID: "op-13",
                    .edit("list-habits", .checkIn("item-run", date: CivilDate(iso: "2027-03-01")!, value: nil))))
        ),
        (
            "history",
            Request(
                ref: "r8",
                body: .history(
                    list: "list-habits", from: CivilDate(iso: "2027-03-01")!, to: CivilDate(iso: "2027-03-07")!,
                    username: "olive"))
        ),
        ("settings-read", Request(ref: nil, body: .settings(timeZone: nil))),
        (
            "dismissReminder",
            Request(
                ref: nil,
                body: .dismissReminder(
                    list: "list-1", item: "item-tickets", at: Timestamp(rfc3339: "2027-03-09T17:00:00Z")!
                ))
        ),
        (
            "snoozeReminder",
            Request(
                ref: "r7",
                body: .snoozeReminder(
                    list: "list-1", item: "item-tickets", until: Timestamp(rfc3339: "2027-03-09T18:00:00Z")!
                ))
        ),
    ])
    func clientRequestsDecodeToWhatTheyStandFor(_ name: String, _ expected: Request) throws {
        let bytes = try GoldenFixtures.read("wire/client/\(name).json")
        let decoded = try RequestDecoder.decode(bytes, newID: { "generated" })
        #expect(decoded == expected)
        // And the client side writes it exactly as the fixture does.
        #expect(String(decoding: expected.encoded(), as: UTF8.self) + "\n" == String(decoding: bytes, as: UTF8.self))
    }

    @Test func everyClientFixtureIsCovered() throws {
        let files = try GoldenFixtures.files(in: "wire/client")
        #expect(
            files.count == 26,
            "a client fixture was added or removed: list it in clientRequestsDecodeToWhatTheyStandFor")
    }

    /// The lists view's order (ListOrdering) over lists in every state, for the web client's copy.
    @Test func listOrderCases() throws {
        var summaries: [ListSummary] = []
        func add(_ id: ListID, _ title: String, due: String?, status: ListStatus, at minute: Int64) {
            var (state, _) = ChecklistState.create(
                id: id, owner: FixtureStory.olive, Edit.NewList(title: title, due: due.flatMap(Due.init(wire:))),
                at: FixtureStory.start
            )
            let at = Timestamp(milliseconds: FixtureStory.start.milliseconds + minute * 60_000)
            switch status {
            case .active: break
            case .completed: _ = try? state.apply(.completeList, by: FixtureStory.olive, at: at)
            case .cancelled: _ = try? state.apply(.cancelList, by: FixtureStory.olive, at: at)
            }
            summaries.append(state.summary(role: .owner))
        }
        add("a", "Zebra", due: "2027-03-12", status: .active, at: 0)
        add("b", "apple", due: "2027-03-12", status: .active, at: 0)
        add("c", "Undated", due: nil, status: .active, at: 0)
        add("d", "Early", due: "2027-03-01T08:00:00Z", status: .active, at: 0)
        add("e", "Done first", due: nil, status: .completed, at: 5)
        add("f", "Done later", due: nil, status: .completed, at: 9)
        add("g", "Dropped", due: "2027-01-01", status: .cancelled, at: 3)
        add("h", "apple", due: "2027-03-12", status: .active, at: 0)
        let shuffled = [
            summaries[4], summaries[0], summaries[6], summaries[2], summaries[7], summaries[1], summaries[5],
            summaries[3],
        ]
        // The summaries as the `lists` reply carries them (its "lists" array), and the order.
        let reply = try JSONParser.parse(ServerMessage.lists(shuffled, ref: nil))
        let array = try #require(reply["lists"])
        var writer = JSONWriter(capacity: 4_096)
        writer.beginObject()
        writer.key("lists")
        writer.rawJSON(array.encoded())
        writer.key("order")
        writer.beginArray()
        for summary in ListOrdering.sorted(shuffled) { writer.string(summary.list.id.rawValue) }
        writer.endArray()
        writer.endObject()
        try GoldenFixtures.check(writer.bytes, at: "rules/list-order.json")
    }
}
