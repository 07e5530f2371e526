import Testing
@testable import Transport

@Suite("WebSocketClient engine", .serialized)
struct WebSocketClientTests {
    @Test("connect, send in order, receive, stop closes", .timeLimit(.minutes(5)))
    func roundTrip() async throws {
        let test = try TestServer()
        defer { test.stop() }
        let delegate = RecordingClientDelegate()
        let client = WebSocketClient(delegate: delegate)
        try client.start()
        let id = client.connect(to: test.url)
        for index in 0..<5 { client.send(.text(Array("m\(index)".utf8)), on: id) }  // queued before connect completes
        #expect(await eventually { delegate.snapshot.count == 6 })
        #expect(delegate.snapshot.first == .connected(id))
        #expect(
            delegate.snapshot.dropFirst().map { event -> String in
                if case .received(_, let message) = event { return message.utf8String }
                return "?"
            } == ["m0", "m1", "m2", "m3", "m4"])
        client.stop()
        #expect(delegate.snapshot.last == .closed(id, 1000))
        client.stop()  // idempotent
    }

    @Test("nothing listening and a malformed URL both end in didFailToConnect", .timeLimit(.minutes(5)))
    func failures() async throws {
        let delegate = RecordingClientDelegate()
        let client = WebSocketClient(delegate: delegate)
        try client.start()
        defer { client.stop() }
        let unreachable = client.connect(to: "ws://127.0.0.1:1/ws")
        let malformed = client.connect(to: "http://nope")
        #expect(await eventually { delegate.snapshot.count == 2 })
        let failedIDs = Set(
            delegate.snapshot.compactMap { event -> ConnectionID? in
                if case .failed(let id, _) = event { return id }
                return nil
            })
        #expect(failedIDs == [unreachable, malformed])
    }
}
