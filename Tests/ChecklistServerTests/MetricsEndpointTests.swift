import Foundation
import Testing

/// `/metrics` is swift-prometheus's exposition: typed, with HELP and TYPE, and histograms.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct MetricsEndpointTests {
    @Test func countersGaugesAndHistogramsAreExposedWithHelpAndType() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try await server.user("ana")
        let list = try await ana.createList()
        _ = try await ana.addItem(list, "Milk")
        _ = try await ana.subscribe(list)

        let text = try await BackpressureTests.metrics(port: server.port)
        let lines = text.split(separator: "\n").map(String.init)
        func value(_ name: String) -> Double? {
            lines.first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        #expect(lines.contains("# TYPE checkwire_edits_applied_total counter"))
        #expect(lines.contains { $0.hasPrefix("# HELP checkwire_edits_applied_total ") })
        #expect(lines.contains("# TYPE checkwire_connections gauge"))
        #expect(lines.contains("# TYPE checkwire_edit_commit_seconds histogram"))
        #expect(value("checkwire_edits_applied_total") == 2)
        #expect(value("checkwire_connections") == 1)
        #expect(value("checkwire_subscriptions") == 1)
        #expect(value("checkwire_edit_commit_seconds_count") == 2, "one observation per committed edit")
        #expect(
            (value("checkwire_store_jobs_total") ?? 0) >= 4, "signup, two edits and a subscribe went through the store")
    }
}
