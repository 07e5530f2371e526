import ChecklistStore
import Foundation
import Testing
import WireProtocol
import ChecklistServer

/// The contract's "Sessions and sharing": limits answer `tooLarge` naming the limit, echo the
/// `opId`, change nothing, and the connection goes on.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct LimitsOnTheWireTests {
    @Test func passingAPerUserLimitIsTooLargeWithTheOpID() async throws {
        let server = try TestServer(store: {
            $0.limits = StoreLimits(listsPerUser: 1, itemsPerList: 1, storedBytesPerUser: 1 << 20)
        })
        defer { server.stop() }
        let ana = try await server.user("ana")
        let list = try await ana.createList()
        let secondList = try await ana.request(
            TestClient.op("createList", opID: "second", ["title": "Another"]), expecting: "ack")
        #expect(secondList["code"]?.string == "tooLarge")
        #expect(secondList["opId"]?.string == "second")
        #expect(secondList["message"]?.string?.contains("you already own 1 checklist,") == true)

        _ = try await ana.addItem(list, "Only one")
        let secondItem = try await ana.request(
            TestClient.op("addItem", opID: "item-2", ["list": .string(list), "title": "Two"]), expecting: "ack")
        #expect(secondItem["code"]?.string == "tooLarge")
        #expect(secondItem["opId"]?.string == "item-2")
        let snapshot = try await ana.snapshot(list)
        #expect(snapshot["list"]?["items"]?.arrayValue?.count == 1)
    }
}
