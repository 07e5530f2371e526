public import Foundation
import Synchronization

/// What another thread reports (a sender's outcomes, a server's callbacks), for a test to
/// wait on: it waits for a state, never for a fixed time.
public final class ReportLog<Report: Sendable>: Sendable {
    private let reports = Mutex<[Report]>([])

    public init() {}

    public func record(_ report: Report) { reports.withLock { $0.append(report) } }

    public var all: [Report] { reports.withLock { $0 } }

    /// Returns as soon as `count` reports are in, or after `timeout` with what there is.
    @discardableResult
    public func wait(for count: Int, timeout: TimeInterval = 60) -> [Report] {
        wait(timeout: timeout) { $0.count >= count }
    }

    /// Returns as soon as the reports satisfy `condition`, or after `timeout` with what there is.
    @discardableResult
    public func wait(timeout: TimeInterval = 60, until condition: ([Report]) -> Bool) -> [Report] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let now = all
            if condition(now) { return now }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return all
    }
}
