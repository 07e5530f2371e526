import Synchronization
import Testing
@testable import Transport

@Suite("execute() hands work to the service thread", .serialized)
struct ServiceThreadTests {
    @Test("work posted from another thread runs on the service thread", .timeLimit(.minutes(5)))
    func executeFromAnotherThread() async throws {
        let test = try TestServer()
        defer { test.stop() }
        let server = test.server
        #expect(!server.isServiceThread)
        let ranOnServiceThread = Mutex<Bool?>(nil)
        let poster = Task.detached {
            server.execute { ranOnServiceThread.withLock { $0 = server.isServiceThread } }
        }
        await poster.value
        #expect(await eventually { ranOnServiceThread.withLock { $0 } != nil })
        #expect(ranOnServiceThread.withLock { $0 } == true)
    }

    @Test("work posted after stop is dropped", .timeLimit(.minutes(5)))
    func executeAfterStop() async throws {
        let test = try TestServer()
        test.stop()
        let ran = Mutex(false)
        test.server.execute { ran.withLock { $0 = true } }
        try await Task.sleep(for: .milliseconds(50))
        #expect(ran.withLock { $0 } == false)
        test.stop()  // idempotent
    }
}
