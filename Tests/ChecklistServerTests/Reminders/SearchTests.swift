import Testing
import WireProtocol

/// `search` over real sockets and a real FTS5 index: prefix on the last word, ranking,
/// snippets, cancelled things marked, what a query cannot do, and who may find what.
@Suite struct SearchTests {
    private static func search(_ client: TestClient, _ q: String) async throws -> [JSONValue] {
        try await client.request(["type": "search", "q": .string(q)], expecting: "search")["results"]?.arrayValue ?? []
    }

    @Test func findsItemsAndChecklistsByWordsAndPrefixes() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let bo = try await server.user("bo")
        let trip = try await ana.createList("Trip to Lisbon")
        let visa = try await ana.addItem(trip, "Apply for the visa", ["notes": "Consulate needs two photos"])
        _ = try await ana.addItem(trip, "Book hotel", ["location": "Alfama"])
        let old = try await ana.addItem(trip, "Old visa photocopy")
        _ = try await ana.op("cancelItem", ["list": .string(trip), "item": .string(old)])
        let secret = try await bo.createList("Bo's visa papers")
        _ = secret

        let hits = try await Self.search(ana, "visa")
        let titles = hits.map { $0["item"]?["title"]?.stringValue ?? "list: \($0["listTitle"]?.stringValue ?? "")" }
        #expect(Set(titles) == ["Apply for the visa", "Old visa photocopy"], "bo's checklist never: \(titles)")
        #expect(
            hits.first { $0["item"]?["id"]?.stringValue == old }?["item"]?["status"]?.stringValue == "cancelled",
            "cancelled, and marked")
        #expect(hits.first?["snippet"]?.stringValue?.contains("«visa»") == true, "\(hits)")

        #expect(
            try await Self.search(ana, "consul").first?["item"]?["id"]?.stringValue == visa,
            "prefix of the last word, in notes")
        #expect(
            try await Self.search(ana, "alfa").first?["item"]?["title"]?.stringValue == "Book hotel", "locations too")
        #expect(
            try await Self.search(ana, "lisb").first?["item"] == nil, "a checklist's own title is a result without item"
        )
        #expect(
            try await Self.search(ana, "visa two").map { $0["item"]?["id"]?.stringValue } == [visa],
            "every word must match")
        for hostile in ["\"", "visa\" OR \"", "NEAR(visa", "*", "visa AND hotel -"] {
            let results = try await ana.request(["type": "search", "q": .string(hostile)], expecting: "search")
            #expect(
                results["type"]?.stringValue == "search" || results["code"]?.stringValue == "badRequest",
                "\(hostile): \(results)")
        }
        let empty = try await ana.request(["type": "search", "q": "  "], expecting: "search")
        #expect(empty["code"]?.stringValue == "badRequest")

        // An edit is searchable at once; an unshared checklist stops being.
        _ = try await ana.op(
            "updateItem", ["list": .string(trip), "item": .string(visa), "title": "Apply for the Schengen visa"])
        #expect(try await Self.search(ana, "schengen").count == 1)
        _ = try await ana.op("share", ["list": .string(trip), "username": "bo", "role": "viewer"])
        #expect(try await Self.search(bo, "schengen").count == 1)
        _ = try await ana.op("unshare", ["list": .string(trip), "username": "bo"])
        #expect(try await Self.search(bo, "schengen").isEmpty)
    }
}
