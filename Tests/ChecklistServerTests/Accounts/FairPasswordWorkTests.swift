@testable import ChecklistServer
import Foundation
import Synchronization
import Testing

/// Password work is taken in turns per client address, with a bound per address: a burst
/// from one address never puts another address's job behind the whole burst, nor gets it
/// refused. Asserted on order and state, not on time.
@Suite struct FairPasswordWorkTests {
    @Test func sourcesTakeTurnsWhateverTheirBursts() {
        var queue = FairQueue<String>(capacity: 100, perSourceCapacity: 50)
        var accepted = (0..<20).map { queue.enqueue("a\($0)", from: "192.0.2.1") }
        accepted.append(queue.enqueue("b0", from: "192.0.2.2"))
        accepted.append(queue.enqueue("b1", from: "192.0.2.2"))
        accepted.append(queue.enqueue("c0", from: "192.0.2.3"))
        #expect(accepted.allSatisfy { $0 })
        var order: [String] = []
        while let next = queue.dequeue() { order.append(next) }
        #expect(Array(order.prefix(6)) == ["a0", "b0", "c0", "a1", "b1", "a2"])
        #expect(order.count == 23)
        #expect(
            order.filter { $0.hasPrefix("a") } == (0..<20).map { "a\($0)" }, "each source's own work keeps its order")
        #expect(queue.isEmpty)
    }

    @Test func aSourceThatComesBackJoinsTheEndOfTheRound() {
        var queue = FairQueue<String>(capacity: 10, perSourceCapacity: 10)
        _ = queue.enqueue("a0", from: "a")
        _ = queue.enqueue("b0", from: "b")
        var order = [queue.dequeue()]
        _ = queue.enqueue("a1", from: "a")
        order += [queue.dequeue(), queue.dequeue(), queue.dequeue()]
        #expect(order == ["a0", "b0", "a1", nil])
    }

    @Test func oneSourceCannotFillTheQueue() {
        var queue = FairQueue<Int>(capacity: 8, perSourceCapacity: 3)
        let flood = (0..<5).map { queue.enqueue($0, from: "flood") }
        #expect(flood == [true, true, true, false, false])
        let other = queue.enqueue(100, from: "someone else")
        #expect(other, "another address still gets in")
        for index in 0..<4 { _ = queue.enqueue(index, from: "source \(index)") }
        #expect(queue.count == 8)
        let late = queue.enqueue(200, from: "late")
        #expect(!late, "the queue as a whole is bounded too")
        _ = queue.dequeue()
        let later = queue.enqueue(200, from: "late")
        #expect(later)
    }

    /// The pool itself: its one worker is held by the flood's first job while the flood queues
    /// more; the other address's job, queued last, runs second.
    @Test func aFloodFromOneAddressDoesNotQueueAnotherAddresssJob() throws {
        let workers = PasswordWorkers(name: "test-login", concurrency: 1, capacity: 64, perSourceCapacity: 32)
        defer { workers.stop() }
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let order = Mutex<[String]>([])
        let done = DispatchGroup()
        func submit(_ name: String, from source: String, first: Bool = false) -> Bool {
            done.enter()
            return workers.run(source: source) {
                if first {
                    started.signal()
                    gate.wait()
                }
                order.withLock { $0.append(name) }
                done.leave()
            }
        }
        #expect(submit("flood 0", from: "203.0.113.9", first: true))
        started.wait()  // the worker is busy with the flood's first job
        for index in 1...20 { #expect(submit("flood \(index)", from: "203.0.113.9")) }
        #expect(workers.waiting == 20)
        #expect(submit("victim", from: "198.51.100.7"))
        gate.signal()
        #expect(done.wait(timeout: .now() + 30) == .success)
        let finished = order.withLock { $0 }
        #expect(finished.prefix(3) == ["flood 0", "flood 1", "victim"], "\(finished)")
        #expect(finished.count == 22)
    }

    @Test func aSourceWaitsOnlyForSourcesThatMayRunNow() {
        var queue = FairQueue<String>(capacity: 10, perSourceCapacity: 10)
        _ = queue.enqueue("a0", from: "a")
        _ = queue.enqueue("b0", from: "b")
        _ = queue.enqueue("a1", from: "a")
        let first = queue.dequeue(from: { $0 != "a" })
        #expect(first?.source == "b" && first?.element == "b0", "a is held back; b's job goes first")
        #expect(queue.dequeue(from: { $0 != "a" }) == nil)
        #expect(queue.dequeue()! == "a0", "a kept its place in the round")
    }

    /// Two first-lane workers and one extra: while one address's burst holds a first-lane
    /// worker and the extra one, another address's job runs at once on the other first-lane
    /// worker, before any more of the burst.
    @Test func anotherSourcesJobFindsAWorkerFreeWhileABurstHoldsTheRest() throws {
        let workers = PasswordWorkers(name: "test-lanes", concurrency: 2, extraWorkers: 1, capacity: 64)
        defer { workers.stop() }
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let victimDone = DispatchSemaphore(value: 0)
        let order = Mutex<[String]>([])
        let burst = DispatchGroup()
        for index in 0..<6 {
            burst.enter()
            #expect(
                workers.run(source: "203.0.113.9") {
                    started.signal()
                    gate.wait()
                    order.withLock { $0.append("flood \(index)") }
                    burst.leave()
                })
        }
        started.wait()
        started.wait()  // the burst holds a first-lane worker and the extra one
        #expect(workers.waiting == 4, "one address never holds more than two workers")
        #expect(
            workers.run(source: "198.51.100.7") {
                order.withLock { $0.append("victim") }
                victimDone.signal()
            })
        #expect(victimDone.wait(timeout: .now() + 30) == .success, "the victim's job ran while the burst's wait")
        #expect(order.withLock { $0 } == ["victim"])
        for _ in 0..<6 { gate.signal() }
        #expect(burst.wait(timeout: .now() + 30) == .success)
        #expect(order.withLock { $0 }.count == 7)
    }

    @Test func aFullPoolRefusesTheFloodButNotOthers() {
        let workers = PasswordWorkers(name: "test-signup", concurrency: 1, capacity: 64, perSourceCapacity: 4)
        defer { workers.stop() }
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        #expect(
            workers.run(source: "flood") {
                started.signal()
                gate.wait()
            })
        started.wait()
        let accepted = (0..<6).map { _ in workers.run(source: "flood") {} }
        #expect(accepted == [true, true, true, true, false, false])
        #expect(workers.run(source: "someone else") {})
        gate.signal()
    }
}
