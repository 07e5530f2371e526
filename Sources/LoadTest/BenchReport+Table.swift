import Foundation

extension BenchReport {
    /// A human-readable summary, one fact per line.
    public var table: String {
        var table = BenchTable()
        table.lines.append("checkwire bench — \(scenario) against \(target)")
        shapeRows(into: &table)
        if let edits { edits.rows(into: &table) }
        if let deliveries { deliveries.rows(into: &table) }
        if let reconnect { reconnect.rows(into: &table) }
        if let restart { restart.rows(into: &table) }
        outcomeRows(into: &table)
        table.row("elapsed", String(format: "%.1f s", elapsedSeconds))
        return table.lines.joined(separator: "\n")
    }

    /// What was asked for and how the connections came up.
    private func shapeRows(into table: inout BenchTable) {
        let rateText = rate.map { "\(Self.number($0))/s" } ?? "as fast as possible"
        table.row(
            "shape",
            "\(subscribers) subscribers\(nonReaders.map { " (\($0) not reading)" } ?? ""), \(lists) list(s), \(writers) writer(s), \(rateText), window \(window)"
        )
        table.row(
            "connections",
            "\(connections.live) live of \(connections.requested), \(connections.failures) failed, ramp \(String(format: "%.2f", connections.rampSeconds)) s (\(Self.number(connections.connectsPerSecond))/s)"
        )
        for (index, node) in (nodes ?? []).enumerated() {
            table.row(
                "node \(index + 1)",
                "\(node.url): \(node.subscribers) subscribers (\(node.liveSubscribers) live), \(node.writers) writer(s)"
            )
        }
        table.row("connect time", BenchTable.latency(connections.connect))
        table.row("connect → subscribed", BenchTable.latency(connections.subscribe))
    }

    /// Whether every event arrived once and in order, what the server and the bench client
    /// cost, and what went wrong.
    private func outcomeRows(into table: inout BenchTable) {
        let v = verification
        table.row(
            "exactly once, in order",
            v.passed
                ? "yes: every subscriber received every event once, in order"
                : "NO: \(v.duplicatesOrReordered) duplicate/reordered, \(v.gaps) gaps, \(v.missingAtEnd) not delivered before the drain timeout, \(v.unparsable) unparsable, \(v.subscribersNotLive) subscribers not live at the end"
        )
        if let server { server.rows(into: &table) }
        table.row("bench client CPU", String(format: "%.2f s", clientCPUSeconds))
        if !errors.isEmpty { table.row("errors", BenchTable.counts(errors)) }
        if !closeCodes.isEmpty { table.row("close codes", BenchTable.counts(closeCodes)) }
    }

    /// Sorted-key, pretty JSON.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    static func number(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        return formatter.string(from: NSNumber(value: value)) ?? String(Int(value))
    }

    static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
}

/// The lines of `BenchReport.table`: a label padded to one column, then its value.
struct BenchTable {
    var lines: [String] = []

    mutating func row(_ label: String, _ value: String) {
        lines.append(label.padding(toLength: 26, withPad: " ", startingAt: 0) + value)
    }

    static func latency(_ s: LatencySummary) -> String {
        guard s.count > 0 else { return "—" }
        return
            "p50 \(ms(s.p50))  p90 \(ms(s.p90))  p99 \(ms(s.p99))  p99.9 \(ms(s.p999))  max \(ms(s.max))  (n=\(s.count))"
    }

    /// "closed ×3, timeout ×1", by key.
    static func counts(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }

    private static func ms(_ value: Double) -> String {
        value < 1 ? String(format: "%.3f ms", value) : String(format: "%.2f ms", value)
    }
}

extension BenchReport.Edits {
    fileprivate func rows(into table: inout BenchTable) {
        table.row(
            "edits",
            "\(sent) sent, \(acked) acked, \(errors) errors in \(String(format: "%.2f", seconds)) s"
        )
        table.row("acks/s", BenchReport.number(acksPerSecond))
        table.row("edit → ack", BenchTable.latency(ack))
    }
}

extension BenchReport.Deliveries {
    fileprivate func rows(into table: inout BenchTable) {
        table.row("deliveries", "\(count) (\(averageMessageBytes) B each)")
        table.row("deliveries/s", BenchReport.number(perSecond))
        table.row("edit → delivery", BenchTable.latency(latency))
        if let sameNode { table.row("  on the writer's node", BenchTable.latency(sameNode)) }
        if let crossNode { table.row("  on another node", BenchTable.latency(crossNode)) }
    }
}

extension BenchReport.Reconnect {
    fileprivate func rows(into table: inout BenchTable) {
        table.row(
            "reconnect",
            "\(caughtUp) caught up, \(behind) events behind, \(replayedEvents) replayed, \(snapshots) snapshots"
        )
        table.row("time to caught up", BenchTable.latency(catchUp))
    }
}

extension BenchReport.Restart {
    /// The restart scenario: how long the server was down and how the clients came back.
    fileprivate func rows(into table: inout BenchTable) {
        table.row(
            "restart",
            String(
                format: "stop %.2f s, start %.2f s, down %.2f s (SIGTERM → new /healthz 200)", stopSeconds,
                startSeconds, downSeconds))
        table.row(
            "back after the restart",
            "\(caughtUp) of \(subscribers) caught up, \(givenUp) given up, all within \(String(format: "%.2f", stormSeconds)) s"
        )
        table.row("/healthz 200 → back", BenchTable.latency(timeToCaughtUp))
        table.row(
            "reconnect attempts",
            "\(attempts) (at most \(mostAttempts) for one client, \(abandonedAttempts) given up after 10 s); first delay \(BenchTable.latency(firstRetryDelay))"
        )
        table.row(
            "per-client stream check",
            "\(clientsWithGaps) with a gap, \(clientsWithDuplicates) with a duplicate; \(replayedEvents) events replayed, \(snapshots) snapshots"
        )
        stormRows(into: &table)
    }

    /// What answering during the reconnect storm cost: health checks, logins, the server's CPU.
    private func stormRows(into table: inout BenchTable) {
        table.row(
            "/healthz in the storm",
            BenchTable.latency(healthz) + (healthzFailures > 0 ? ", \(healthzFailures) failed" : ""))
        table.row("a login in the storm", BenchTable.latency(login))
        table.row("  with its connect", BenchTable.latency(connectAndLogin))
        if !loginFailures.isEmpty { table.row("  failed logins", BenchTable.counts(loginFailures)) }
        table.row(
            "new server in the storm",
            String(
                format: "%.2f CPU s (%.0f %% of a core on average, %.0f %% at peak), peak RSS ",
                serverCPUSeconds, serverCPUPercent, serverPeakCPUPercent)
                + BenchReport.mebibytes(serverPeakResidentBytes))
    }
}

extension BenchReport.ServerUsage {
    fileprivate func rows(into table: inout BenchTable) {
        var text = String(format: "%.2f CPU s", cpuSeconds)
        if let perDelivery = cpuMicrosecondsPerDelivery {
            text += String(format: ", %.2f µs per delivery", perDelivery)
        }
        text += ", RSS \(BenchReport.mebibytes(residentBytesBefore)) → \(BenchReport.mebibytes(residentBytesAfter))"
        if let perConnection = residentBytesPerConnection {
            text += String(format: " (%.2f KiB per connection)", perConnection / 1024)
        }
        table.row("server (pid \(pids.map(String.init).joined(separator: ",")))", text)
    }
}
