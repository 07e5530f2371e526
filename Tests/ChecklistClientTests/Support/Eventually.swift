import Foundation

/// Polls `condition` every 100 ms until it holds or `timeout` passes; returns whether it held.
/// The bound only ends a test that would fail anyway: generous, so a busy machine (a restart
/// benchmark beside the suite) does not fail a test whose state is merely late.
func eventually(timeout: Duration = .seconds(60), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(100))
    }
    return try await condition()
}
