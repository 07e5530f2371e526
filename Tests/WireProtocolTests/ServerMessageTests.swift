import ChecklistCore
import Testing
import WireProtocol

/// Every encoded message parses back (strictly: no duplicate keys) and has the contract's
/// field names and types.
@Suite struct ServerMessageTests {
    static let summaryKeys: Set<String> = [
        "id", "title", "description", "status", "due", "role", "seq", "completion", "participants",
        "updatedAt", "completedAt", "cancelledAt", "tz", "inbox", "kind", "sequential",
    ]
    static let itemKeys: Set<String> = [
        "id", "parent", "position", "title", "notes", "due", "location", "remindEvery", "status",
        "createdBy", "createdAt", "doneBy", "doneAt", "cancelledBy", "cancelledAt", "remindBefore", "assignee",
        "repeat", "sequential", "availableFrom", "available",
    ]

    private static let owner = Actor(userID: "u1", username: "olive")
    private static let start = Timestamp(rfc3339: "2026-11-21T14:00:00Z")!

    private func parse(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONObject {
        let value = try JSONParser.parse(bytes)
        return try #require(value.objectValue, sourceLocation: sourceLocation)
    }

    /// p (with a done child a and an open child b), then a root item x with every field set.
    private func state() throws -> ChecklistState {
        var (state, _) = ChecklistState.create(
            id: "l1", owner: Self.owner, Edit.NewList(title: "CS \"298\"", due: Due(wire: "2027-03-12")), at: Self.start
        )
        var seconds: Int64 = 0
        func next() -> Timestamp {
            seconds += 1; return Timestamp(milliseconds: Self.start.milliseconds + seconds * 1000)
        }
        _ = try state.apply(.addItem(Edit.NewItem(id: "p", title: "Parent")), by: Self.owner, at: next())
        _ = try state.apply(.addItem(Edit.NewItem(id: "a", parent: "p", title: "A")), by: Self.owner, at: next())
        _ = try state.apply(.addItem(Edit.NewItem(id: "b", parent: "p", title: "B")), by: Self.owner, at: next())
        _ = try state.apply(
            .addItem(
                Edit.NewItem(
                    id: "x", title: "Line\nbreak ✓", notes: "n", due: Due(wire: "2027-03-12T17:00:00Z"),
                    location: "Lab", remindEvery: 900
                )), by: Self.owner, at: next())
        return state
    }

    private func expectCompletion(
        _ value: JSONValue?, done: Int, total: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let object = value?.objectValue
        #expect(object.map { Set($0.keys) } == ["done", "total", "percent"], sourceLocation: sourceLocation)
        #expect(object?["done"]?.intValue == done, sourceLocation: sourceLocation)
        #expect(object?["total"]?.intValue == total, sourceLocation: sourceLocation)
        #expect(
            object?["percent"]?.intValue == Completion(done: done, total: total).percent, sourceLocation: sourceLocation
        )
    }

    @Test func eventHasTheContractsShape() throws {
        var state = try state()
        let at = Timestamp(rfc3339: "2026-11-21T15:00:00.250Z")!
        let applied = try state.apply(.completeItem("a"), by: Self.owner, at: at)
        let event = ChecklistEvent(
            listID: "l1", seq: state.list.seq, opID: "op-7", kind: "completeItem", by: "olive", at: at,
            changes: applied.changes, completion: applied.completion
        )
        let object = try parse(ServerMessage.event(event))
        #expect(Set(object.keys) == ["type", "list", "seq", "opId", "op", "by", "at", "changes", "completion"])
        #expect(object["type"] == "event")
        #expect(object["list"] == "l1")
        #expect(object["seq"]?.int64Value == 6)
        #expect(object["seq"]?.numberValue?.isIntegerLiteral == true)
        #expect(object["opId"] == "op-7")
        #expect(object["op"] == "completeItem")
        #expect(object["by"] == "olive")
        #expect(object["at"] == "2026-11-21T15:00:00.250Z")
        expectCompletion(object["completion"], done: 1, total: 3)

        let changes = try #require(object["changes"]?.objectValue)
        // The summary in an event has no role: it is per reader.
        let summary = try #require(changes["list"]?.objectValue)
        #expect(Set(summary.keys) == Self.summaryKeys.subtracting(["role"]))
        #expect(summary["title"] == "CS \"298\"")
        #expect(summary["seq"]?.int64Value == 6)
        #expect(summary["participants"]?.intValue == 1)
        expectCompletion(summary["completion"], done: 1, total: 3)

        let items = try #require(changes["items"]?.arrayValue?.compactMap { $0.objectValue })
        #expect(items.map { $0["id"] } == ["a", "p"])
        let a = items[0]
        #expect(Set(a.keys) == Self.itemKeys)
        #expect(a["parent"] == "p")
        #expect(a["status"] == "done")
        #expect(a["doneBy"] == "olive")
        #expect(a["doneAt"] == "2026-11-21T15:00:00.250Z")
        #expect(a["position"]?.numberValue != nil)
        for key in ["notes", "due", "location", "remindEvery", "cancelledBy", "cancelledAt"] {
            #expect(a[key] == .null, "\(key)")
        }
        let p = items[1]
        #expect(Set(p.keys) == Self.itemKeys.union(["completion"]))
        #expect(p["parent"] == .null)
        expectCompletion(p["completion"], done: 1, total: 2)
        #expect(changes["participants"] == nil)
    }

    @Test func eventCarriesParticipantChangesAndRemovalsAsNullRoles() throws {
        var state = try state()
        let shared = try state.apply(
            .share(Participant(userID: "u2", username: "bob", role: .editor)), by: Self.owner, at: Self.start)
        let removed = try state.apply(.unshare(username: "bob", userID: "u2"), by: Self.owner, at: Self.start)
        for (applied, role) in [(shared, JSONValue.string("editor")), (removed, .null)] {
            let event = ChecklistEvent(
                listID: "l1", seq: state.list.seq, opID: "o", kind: "share", by: "olive", at: Self.start,
                changes: applied.changes, completion: applied.completion
            )
            let changes = try #require(try parse(ServerMessage.event(event))["changes"]?.objectValue)
            let participants = try #require(changes["participants"]?.arrayValue)
            #expect(participants == [["username": "bob", "role": role]])
            #expect(changes["items"] == [])
        }
    }

    @Test func eventWithoutASummaryLeavesItOut() throws {
        let event = ChecklistEvent(
            listID: "l1", seq: 3, opID: "o", kind: "updateItem", by: "olive", at: Self.start,
            changes: Changes(), completion: .empty
        )
        let changes = try #require(try parse(ServerMessage.event(event))["changes"]?.objectValue)
        #expect(changes["list"] == nil)
        #expect(changes["items"] == [])
    }

    @Test(arguments: [String?.none, "new-id"], [String?.none, "r1"])
    func ackHasTheOpListSeqAndNewID(createdID: String?, ref: String?) throws {
        let object = try parse(ServerMessage.ack(opID: "op-1", listID: "l1", seq: 42, createdID: createdID, ref: ref))
        var keys: Set<String> = ["type", "opId", "list", "seq"]
        if createdID != nil { keys.insert("id") }
        if ref != nil { keys.insert("ref") }
        #expect(Set(object.keys) == keys)
        #expect(object["type"] == "ack")
        #expect(object["opId"] == "op-1")
        #expect(object["list"] == "l1")
        #expect(object["seq"]?.int64Value == 42)
        #expect(object["id"]?.stringValue == createdID)
        #expect(object["ref"]?.stringValue == ref)
    }

    /// The stored `parsed` bytes are spliced in as they are: the same object on a first and a
    /// resent ack.
    @Test func ackSplicesTheStoredParsedObject() throws {
        let parsed = Array(#"{"list":"Trip","title":"Pack"}"#.utf8)
        let object = try parse(
            ServerMessage.ack(opID: "q-1", listID: "l1", seq: 7, createdID: "i1", parsed: parsed, ref: nil))
        #expect(object["parsed"]?["list"]?.stringValue == "Trip")
        #expect(object["parsed"]?["title"]?.stringValue == "Pack")
        #expect(object["id"]?.stringValue == "i1")
    }

    @Test(arguments: ErrorCode.allCases)
    func errorHasCodeMessageAndEchoes(code: ErrorCode) throws {
        let object = try parse(ServerMessage.error(WireError(code, "say \"what\" to fix"), opID: "op-1", ref: "r1"))
        #expect(Set(object.keys) == ["type", "ref", "opId", "code", "message"])
        #expect(object["type"] == "error")
        #expect(object["code"]?.stringValue == code.rawValue)
        #expect(object["message"] == "say \"what\" to fix")
        #expect(object["opId"] == "op-1")
        #expect(object["ref"] == "r1")

        let bare = try parse(ServerMessage.error(WireError(code, "m")))
        #expect(Set(bare.keys) == ["type", "code", "message"])
    }

    @Test func errorCodesAreTheContracts() {
        #expect(
            ErrorCode.allCases.map(\.rawValue) == [
                "badRequest", "tooLarge", "unauthorized", "forbidden", "notFound", "conflict", "rateLimited",
                "internal",
            ])
    }

    /// LIST = SUMMARY's fields (with the reader's role), the participants themselves instead
    /// of their count, and the items, flat.
    @Test func snapshotHasTheListWithItemsAndParticipants() throws {
        var state = try state()
        _ = try state.apply(
            .share(Participant(userID: "u2", username: "bob", role: .viewer)), by: Self.owner, at: Self.start)
        let object = try parse(
            ServerMessage.snapshot(
                summary: state.summary(role: .viewer), participants: state.orderedParticipants,
                items: state.orderedItemViews(), ref: "r1"
            ))
        #expect(Set(object.keys) == ["type", "ref", "seq", "list"])
        #expect(object["type"] == "snapshot")
        #expect(object["ref"] == "r1")
        #expect(object["seq"]?.int64Value == state.list.seq)

        let list = try #require(object["list"]?.objectValue)
        #expect(Set(list.keys) == Self.summaryKeys.union(["items"]))
        #expect(list["id"] == "l1")
        #expect(list["role"] == "viewer")
        #expect(list["status"] == "active")
        #expect(list["due"] == "2027-03-12")
        #expect(list["description"] == .null)
        #expect(list["completedAt"] == .null)
        #expect(list["cancelledAt"] == .null)
        #expect(list["updatedAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:)) == state.list.updatedAt)
        #expect(
            list["participants"] == [["username": "olive", "role": "owner"], ["username": "bob", "role": "viewer"]])
        expectCompletion(list["completion"], done: 0, total: 3)

        let items = try #require(list["items"]?.arrayValue?.compactMap { $0.objectValue })
        #expect(items.map { $0["id"] } == ["p", "a", "b", "x"])
        for item in items {
            let expected = item["id"] == "p" ? Self.itemKeys.union(["completion"]) : Self.itemKeys
            #expect(Set(item.keys) == expected)
            #expect(item["createdBy"] == "olive")
            #expect(item["status"] == "open")
        }
        let x = items[3]
        #expect(x["title"] == "Line\nbreak ✓")
        #expect(x["due"] == "2027-03-12T17:00:00Z")
        #expect(x["remindEvery"]?.intValue == 900)
        #expect(x["location"] == "Lab")
        let positions = items.filter { $0["parent"] == .null }.compactMap { $0["position"]?.doubleValue }
        #expect(positions == positions.sorted())
    }

    @Test func listsHaveSummariesWithRolesAndNulls() throws {
        let state = try state()
        let object = try parse(ServerMessage.lists([state.summary(role: .owner)], ref: nil))
        #expect(Set(object.keys) == ["type", "lists"])
        let summaries = try #require(object["lists"]?.arrayValue?.compactMap { $0.objectValue })
        #expect(summaries.count == 1)
        #expect(Set(summaries[0].keys) == Self.summaryKeys)
        #expect(summaries[0]["role"] == "owner")
        #expect(summaries[0]["participants"]?.intValue == 1)
        #expect(summaries[0]["description"] == .null)
        #expect(
            try parse(ServerMessage.lists([], ref: "r")) == .init([("type", "lists"), ("ref", "r"), ("lists", [])]))
    }

    @Test func smallRepliesHaveTheirFields() throws {
        #expect(
            try parse(ServerMessage.subscribed(listID: "l1", seq: 9, replayed: 4, ref: "r"))
                == JSONObject([("type", "subscribed"), ("ref", "r"), ("list", "l1"), ("seq", 9), ("replayed", 4)]))
        #expect(
            try parse(ServerMessage.unsubscribed(listID: "l1", ref: nil))
                == JSONObject([("type", "unsubscribed"), ("list", "l1")]))
        #expect(try parse(ServerMessage.revoked(listID: "l1")) == JSONObject([("type", "revoked"), ("list", "l1")]))
        #expect(try parse(ServerMessage.loggedOut(ref: "r")) == JSONObject([("type", "loggedOut"), ("ref", "r")]))
        #expect(
            try parse(ServerMessage.authed(token: "t0k", userID: "u1", username: "Olive", ref: nil))
                == JSONObject([("type", "authed"), ("token", "t0k"), ("user", ["id": "u1", "username": "Olive"])]))
        // `auth` with an existing token gets no new one.
        #expect(
            try parse(ServerMessage.authed(token: nil, userID: "u1", username: "Olive", ref: "r"))
                == JSONObject([("type", "authed"), ("ref", "r"), ("user", ["id": "u1", "username": "Olive"])]))
    }

    @Test func settingsTellTheAttachmentLimitWhenGiven() throws {
        #expect(
            try parse(
                ServerMessage.settings(
                    timeZone: "Asia/Tokyo", inboxID: "inbox-1", maxAttachmentBytes: 20 << 20, ref: "r"))
                == JSONObject([
                    ("type", "settings"), ("ref", "r"), ("tz", "Asia/Tokyo"), ("inbox", "inbox-1"),
                    ("maxAttachmentBytes", 20_971_520),
                ]))
        #expect(
            try parse(ServerMessage.settings(timeZone: "UTC", inboxID: nil, ref: nil))
                == JSONObject([("type", "settings"), ("tz", "UTC"), ("inbox", .null)]))
    }

    @Test func aHabitChecklistsSummaryCarriesItsGoal() throws {
        let (habits, _) = ChecklistState.create(
            id: "h1", owner: Self.owner, Edit.NewList(title: "Morning", kind: .habits, goalDays: 66), at: Self.start)
        let summary = try #require(
            try parse(ServerMessage.lists([habits.summary(role: .owner)], ref: nil))["lists"]?.arrayValue?.first?
                .objectValue)
        #expect(summary["goal"]?.intValue == 66)
        #expect(Set(summary.keys) == Self.summaryKeys.union(["goal"]))
        let ordinary = try #require(
            try parse(ServerMessage.lists([try state().summary(role: .owner)], ref: nil))["lists"]?.arrayValue?.first?
                .objectValue)
        #expect(ordinary["goal"] == nil, "an ordinary checklist has no goal field")
    }
}
