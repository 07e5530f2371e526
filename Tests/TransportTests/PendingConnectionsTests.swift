import Testing
@testable import Transport

@Suite("Deadlines of connections that are not WebSockets")
struct PendingConnectionsTests {
    let first = OpaquePointer(bitPattern: 0x10)!
    let second = OpaquePointer(bitPattern: 0x20)!

    @Test("a connection idle past the timeout expires once; progress restarts its deadline")
    func idleExpires() {
        var table = PendingConnections()
        table.accepted(first, now: 0)
        table.accepted(second, now: 0)
        table.accepted(second, now: 800)  // it made progress
        #expect(table.expired(now: 1_001, timeout: 1_000) == [first])
        #expect(table.expired(now: 1_002, timeout: 1_000).isEmpty)
        #expect(table.expired(now: 1_801, timeout: 1_000) == [second])
    }

    @Test("an upload the server paused does not expire while paused, and gets a fresh deadline on resume")
    func pausedUploadWaits() {
        var table = PendingConnections()
        table.accepted(first, now: 0)
        table.setReading(false, on: first, now: 500)
        #expect(table.expired(now: 50_000, timeout: 1_000).isEmpty)
        table.setReading(true, on: first, now: 60_000)
        #expect(table.expired(now: 60_900, timeout: 1_000).isEmpty)
        #expect(table.expired(now: 61_001, timeout: 1_000) == [first])
    }

    @Test("a connection that is gone leaves no pause behind")
    func goneForgetsThePause() {
        var table = PendingConnections()
        table.accepted(first, now: 0)
        table.setReading(false, on: first, now: 0)
        table.gone(first)
        table.accepted(first, now: 10)  // the address is reused by a new connection
        #expect(table.expired(now: 2_000, timeout: 1_000) == [first])
    }
}
