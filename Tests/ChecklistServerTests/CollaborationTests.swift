import Foundation
import Testing
import Transport
import WireProtocol

/// Two or more real clients over real sockets against a real server and SQLite file.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct CollaborationTests {
    @Test func twoEditorsEditingConcurrentlyConverge() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let ben = try await server.user("ben")
        let list = try await ana.createList()
        let shared = try await ana.op("share", ["list": .string(list), "username": "ben", "role": "editor"])
        #expect(shared["type"]?.string == "ack")
        let item = try await ana.addItem(list, "Homework 2")
        _ = try await ana.subscribe(list)
        _ = try await ben.subscribe(list)

        // Both fire edits without waiting; one field each on the shared item, plus new items.
        for index in 0..<20 {
            ana.send(TestClient.op("addItem", ["list": .string(list), "title": .string("ana \(index)")]))
            ben.send(TestClient.op("addItem", ["list": .string(list), "title": .string("ben \(index)")]))
        }
        ana.send(TestClient.op("updateItem", ["list": .string(list), "item": .string(item), "notes": "from ana"]))
        ben.send(TestClient.op("updateItem", ["list": .string(list), "item": .string(item), "location": "Library"]))

        let head = 3 + 42
        let anaEvents = try await events(ana, through: head)
        let benEvents = try await events(ben, through: head)
        #expect(anaEvents.map { $0["seq"]?.int } == Array(4...head))
        #expect(anaEvents == benEvents, "both subscribers see the same events in the same order")

        let snapshot = try await server.connectAndLogin(ana).snapshot(list)
        let items = try #require(snapshot["list"]?["items"]?.arrayValue)
        #expect(items.count == 41)
        let shared1 = try #require(items.first { $0["id"]?.string == item })
        #expect(shared1["notes"]?.string == "from ana", "different fields of one item: both changes kept")
        #expect(shared1["location"]?.string == "Library")
    }

    @Test func everySubscriberGetsEveryEventOnceAndInOrder() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let owner = try await server.user("owner")
        let list = try await owner.createList()
        var subscribers: [TestClient] = []
        for index in 0..<3 {
            let name = "viewer\(index)"
            let client = try await server.user(name)
            _ = try await owner.op("share", ["list": .string(list), "username": .string(name), "role": "viewer"])
            subscribers.append(client)
        }
        for client in subscribers { _ = try await client.subscribe(list) }
        let opIDs = (0..<50).map { "burst-\($0)" }
        for opID in opIDs {
            owner.send(TestClient.op("addItem", opID: opID, ["list": .string(list), "title": .string(opID)]))
        }
        var ackSeqs: [Int] = []
        for _ in opIDs { ackSeqs.append(try #require(try await owner.next("ack")["seq"]?.int)) }
        #expect(ackSeqs == Array(5...54), "acks come back in request order with consecutive seqs")
        for client in subscribers {
            let received = try await events(client, through: 54)
            #expect(received.map { $0["seq"]?.int } == Array(5...54))
            #expect(received.map { $0["opId"]?.string } == opIDs)
            #expect(await client.receivesNoEvent(), "no duplicate after the last event")
        }
    }

    @Test func resubscribingWithSinceReplaysExactlyTheMissedEvents() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let ben = try await server.user("ben")
        let list = try await ana.createList()
        _ = try await ana.op("share", ["list": .string(list), "username": "ben", "role": "editor"])
        let subscribed = try await ben.subscribe(list)
        let lastSeen = try #require(subscribed.last?["seq"]?.int)
        ben.close()
        _ = try await ben.connection.waitUntilClosed()

        var missed: [String] = []
        for index in 0..<5 { missed.append(try await ana.addItem(list, "while away \(index)")) }

        let back = try await server.connect()
        let authed = try await back.request(
            ["type": "auth", "token": .string(try #require(ben.token))], expecting: "authed")
        #expect(authed["user"]?["username"]?.string == "ben")
        let replay = try await back.subscribe(list, since: lastSeen)
        #expect(replay.count == 6)
        #expect(replay.dropLast().map { $0["seq"]?.int } == Array((lastSeen + 1)...(lastSeen + 5)))
        #expect(replay.dropLast().map { $0["changes"]?["items"]?.arrayValue?.first?["id"]?.string } == missed)
        #expect(replay.last?["type"]?.string == "subscribed")
        #expect(replay.last?["replayed"]?.int == 5)
        #expect(replay.last?["seq"]?.int == lastSeen + 5)

        _ = try await ana.addItem(list, "live again")
        let live = try await back.next("event")
        #expect(live["seq"]?.int == lastSeen + 6)
    }

    @Test func subscribingWhileEditsLandHasNoGapAndNoDuplicate() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let ben = try await server.user("ben")
        let list = try await ana.createList()
        _ = try await ana.op("share", ["list": .string(list), "username": "ben", "role": "viewer"])
        for index in 0..<10 { _ = try await ana.addItem(list, "before \(index)") }
        // Edits keep landing while ben subscribes with an old since.
        for index in 0..<200 {
            ana.send(TestClient.op("addItem", ["list": .string(list), "title": .string("during \(index)")]))
        }
        let replay = try await ben.subscribe(list, since: 5)
        let subscribed = try #require(replay.last)
        let head = try #require(subscribed["seq"]?.int)
        var seqs = replay.dropLast().compactMap { $0["seq"]?.int }
        #expect(seqs == Array(stride(from: 6, through: head, by: 1)))
        let finalHead = 12 + 200
        if head < finalHead {
            seqs += try await events(ben, through: finalHead).compactMap { $0["seq"]?.int }
        }
        #expect(seqs == Array(6...finalHead), "replay then live: every seq once, in order")
        #expect(await ben.receivesNoEvent())
    }

    @Test func subscribeWithoutSinceOrAheadOfHeadGetsASnapshot() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let list = try await ana.createList()
        let parent = try await ana.addItem(list, "Parent")
        _ = try await ana.addItem(list, "Child", ["parent": .string(parent)])
        for since: Int? in [nil, 999] {
            let replies = try await ana.subscribe(list, since: since)
            #expect(replies.map { $0["type"]?.string } == ["snapshot", "subscribed"])
            let snapshot = replies[0]
            #expect(snapshot["seq"]?.int == 3)
            #expect(snapshot["list"]?["role"]?.string == "owner")
            #expect(snapshot["list"]?["participants"]?.arrayValue?.count == 1)
            let items = try #require(snapshot["list"]?["items"]?.arrayValue)
            #expect(items.map { $0["title"]?.string } == ["Parent", "Child"])
            #expect(items[0]["completion"]?["total"]?.int == 1)
            #expect(replies[1]["replayed"]?.int == 0)
        }
    }

    @Test func aResentOpIDIsNotAppliedTwiceEvenFromAnotherConnection() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let list = try await ana.createList()
        let first = try await ana.op("addItem", opID: "same-op", ["list": .string(list), "title": "Buy milk"])
        let again = try await ana.op("addItem", opID: "same-op", ["list": .string(list), "title": "something else"])
        #expect(first == again)
        let other = try await server.connectAndLogin(ana)
        let fromElsewhere = try await other.op("addItem", opID: "same-op", ["bogus": true])
        #expect(fromElsewhere == first, "checked before the body is validated, on any connection")
        let snapshot = try await ana.snapshot(list)
        #expect(snapshot["list"]?["items"]?.arrayValue?.count == 1)
        #expect(snapshot["seq"]?.int == 2)
    }

    @Test func viewersCannotEditAndEditorsCannotShare() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let owner = try await server.user("owner")
        let viewer = try await server.user("viewer")
        let editor = try await server.user("editor")
        let list = try await owner.createList()
        _ = try await owner.op("share", ["list": .string(list), "username": "viewer", "role": "viewer"])
        _ = try await owner.op("share", ["list": .string(list), "username": "editor", "role": "editor"])
        let refused = try await viewer.op("addItem", opID: "v1", ["list": .string(list), "title": "nope"])
        #expect(refused["code"]?.string == "forbidden")
        #expect(refused["opId"]?.string == "v1")
        let share = try await editor.op("share", ["list": .string(list), "username": "viewer", "role": "editor"])
        #expect(share["code"]?.string == "forbidden")
        let cancel = try await editor.op("cancelList", ["list": .string(list)])
        #expect(cancel["code"]?.string == "forbidden")
        let added = try await editor.op("addItem", ["list": .string(list), "title": "fine"])
        #expect(added["type"]?.string == "ack")
        #expect(try await owner.snapshot(list)["seq"]?.int == 4, "the refused edits changed nothing")
    }

    @Test func strangersGetTheSameNotFoundAsForAMissingList() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let owner = try await server.user("owner")
        let stranger = try await server.user("stranger")
        let list = try await owner.createList()
        let existing = try await stranger.subscribe(list)
        let missing = try await stranger.subscribe("00000000-0000-0000-0000-000000000000")
        #expect(existing.last?["code"]?.string == "notFound")
        #expect(missing.last?["code"]?.string == "notFound")
        #expect(
            existing.last?["message"]?.string?.replacingOccurrences(of: list, with: "ID")
                == missing.last?["message"]?.string?.replacingOccurrences(
                    of: "00000000-0000-0000-0000-000000000000", with: "ID"))
        let edit = try await stranger.op("addItem", ["list": .string(list), "title": "x"])
        #expect(edit["code"]?.string == "notFound")
        let lists = try await stranger.request(["type": "lists"], expecting: "lists")
        #expect(lists["lists"]?.arrayValue?.map { $0["inbox"]?.boolValue } == [true], "only their own Inbox")
    }

    @Test func unshareSendsRevokedAndStopsEventsAtOnce() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let owner = try await server.user("owner")
        let ben = try await server.user("ben")
        let list = try await owner.createList()
        _ = try await owner.op("share", ["list": .string(list), "username": "ben", "role": "editor"])
        let shared = try await ben.next("listShared")
        #expect(shared["list"]?["id"]?.string == list)
        #expect(shared["list"]?["role"]?.string == "editor", "the new participant hears of the list at once")
        #expect(shared["by"]?.string == "owner", "and who shared it")
        _ = try await ben.subscribe(list)
        let unshare = try await owner.op("unshare", ["list": .string(list), "username": "BEN"])
        #expect(unshare["type"]?.string == "ack")
        let revoked = try await ben.next("revoked")
        #expect(revoked["list"]?.string == list)
        _ = try await owner.addItem(list, "after revoke")
        #expect(await ben.receivesNoEvent(), "nothing of that list after revoked")
        let edit = try await ben.op("addItem", ["list": .string(list), "title": "x"])
        #expect(edit["code"]?.string == "notFound")
    }

    @Test func cancelCascadesAndRestoreUndoesExactlyThat() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let list = try await ana.createList()
        let parent = try await ana.addItem(list, "Trip")
        let done = try await ana.addItem(list, "Book", ["parent": .string(parent)])
        let open = try await ana.addItem(list, "Pack", ["parent": .string(parent)])
        _ = try await ana.op("completeItem", ["list": .string(list), "item": .string(done)])
        let conflict = try await ana.op("completeItem", ["list": .string(list), "item": .string(parent)])
        #expect(conflict["code"]?.string == "conflict")
        #expect(conflict["message"]?.string?.contains("1 open sub-item") == true)

        _ = try await ana.subscribe(list)
        _ = try await ana.op("cancelItem", ["list": .string(list), "item": .string(parent)])
        let cancelled = try await ana.next("event")
        let statuses = Dictionary(
            uniqueKeysWithValues: try #require(cancelled["changes"]?["items"]?.arrayValue).map {
                ($0["id"]?.string ?? "", $0["status"]?.string ?? "")
            })
        #expect(statuses == [parent: "cancelled", open: "cancelled"], "done children stay done")
        #expect(cancelled["completion"]?["total"]?.int == 1)

        _ = try await ana.op("restoreItem", ["list": .string(list), "item": .string(parent)])
        let restored = try await ana.next("event")
        let after = try #require(restored["changes"]?["items"]?.arrayValue)
        #expect(Set(after.compactMap { $0["status"]?.string }) == ["open"])
        #expect(restored["completion"]?["percent"]?.int == 50)
    }

    /// Events of the subscription until `seq` reaches `head`.
    private func events(_ client: TestClient, through head: Int) async throws -> [JSONValue] {
        var received: [JSONValue] = []
        while received.last?["seq"]?.int ?? 0 < head {
            received.append(try await client.next("event"))
        }
        return received
    }
}

extension TestServer {
    /// A second connection authenticated with `client`'s token.
    func connectAndLogin(_ client: TestClient) async throws -> TestClient {
        let other = try await connect()
        let reply = try await other.request(
            ["type": "auth", "token": .string(try #require(client.token))], expecting: "authed")
        #expect(reply["type"]?.string == "authed")
        return other
    }
}
