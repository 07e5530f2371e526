@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Testing
import Transport
import WireProtocol

/// Replies to reads the client asked for (`lists`, `agenda`, `search`, `history`) may be large:
/// like a snapshot, they are sent as requested, so a week's agenda with thousands of overdue
/// items does not trip the slow-consumer bound. (Found by scripts/bench-planning.py: a
/// 10 MB agenda closed the connection with 4008.)
@Suite struct HubReadTests {
    @Test(arguments: [
        #"{"type":"lists","ref":"r"}"#,
        #"{"type":"agenda","from":"2027-03-01","to":"2027-03-07","ref":"r"}"#,
        #"{"type":"search","q":"visa","ref":"r"}"#,
        #"{"type":"history","list":"L","from":"2027-03-01","to":"2027-03-07","ref":"r"}"#,
    ])
    func aReadsReplyIsSentAsRequested(_ request: String) throws {
        let h = HubHarness()
        let c = h.open(1)
        h.authenticate(c, as: UserAccount(id: "u-ana", username: "ana"))
        h.send(request, on: c)
        let read = try #require(h.storeRequests().first)
        h.store(read, .success(.encoded(Array(#"{"type":"x","ref":"r"}"#.utf8))))
        let sends = h.take().compactMap { action -> Bool? in
            if case .send(_, let target, let requested) = action, target == c { return requested }
            return nil
        }
        #expect(sends == [true])
    }
}
