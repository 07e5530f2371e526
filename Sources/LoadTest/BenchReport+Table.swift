import Foundation

extension BenchReport {
    /// A human-readable summary, one fact per line.
    public var table: String {
        var lines: [String] = []
        func row(_ label: String, _ value: String) {
            lines.append(label.padding(toLength: 26, withPad: " ", startingAt: 0) + value)
        }
        func latency(_ s: LatencySummary) -> String {
            guard s.count > 0 else { return "—" }
            return
                "p50 \(ms(s.p50))  p90 \(ms(s.p90))  p99 \(ms(s.p99))  p99.9 \(ms(s.p999))  max \(ms(s.max))  (n=\(s.count))"
        }
        let rateText = rate.map { "\(Self.number($0))/s" } ?? "as fast as possible"
        lines.append("checkwire bench — \(scenario) against \(target)")
        row(
            "shape",
            "\(subscribers) subscribers\(nonReaders.map { " (\($0) not reading)" } ?? ""), \(lists) list(s), \(writers) writer(s), \(rateText), window \(window)"
        )
        row(
            "connections",
            "\(connections.live) live of \(connections.requested), \(connections.failures) failed, ramp \(String(format: "%.2f", connections.rampSeconds)) s (\(Self.number(connections.connectsPerSecond))/s)"
        )
        for (index, node) in (nodes ?? []).enumerated() {
            row(
                "node \(index + 1)",
                "\(node.url): \(node.subscribers) subscribers (\(node.liveSubscribers) live), \(node.writers) writer(s)"
            )
        }
        row("connect time", latency(connections.connect))
        row("connect → subscribed", latency(connections.subscribe))
        if let edits {
            row(
                "edits",
                "\(edits.sent) sent, \(edits.acked) acked, \(edits.errors) errors in \(String(format: "%.2f", edits.seconds)) s"
            )
            row("acks/s", Self.number(edits.acksPerSecond))
            row("edit → ack", latency(edits.ack))
        }
        if let deliveries {
            row("deliveries", "\(deliveries.count) (\(deliveries.averageMessageBytes) B each)")
            row("deliveries/s", Self.number(deliveries.perSecond))
            row("edit → delivery", latency(deliveries.latency))
            if let sameNode = deliveries.sameNode { row("  on the writer's node", latency(sameNode)) }
            if let crossNode = deliveries.crossNode { row("  on another node", latency(crossNode)) }
        }
        if let reconnect {
            row(
                "reconnect",
                "\(reconnect.caughtUp) caught up, \(reconnect.behind) events behind, \(reconnect.replayedEvents) replayed, \(reconnect.snapshots) snapshots"
            )
            row("time to caught up", latency(reconnect.catchUp))
        }
        if let restart {
            row(
                "restart",
                String(
                    format: "stop %.2f s, start %.2f s, down %.2f s (SIGTERM → new /healthz 200)", restart.stopSeconds,
                    restart.startSeconds, restart.downSeconds))
            row(
                "back after the restart",
                "\(restart.caughtUp) of \(restart.subscribers) caught up, \(restart.givenUp) given up, all within \(String(format: "%.2f", restart.stormSeconds)) s"
            )
            row("/healthz 200 → back", latency(restart.timeToCaughtUp))
            row(
                "reconnect attempts",
                "\(restart.attempts) (at most \(restart.mostAttempts) for one client, \(restart.abandonedAttempts) given up after 10 s); first delay \(latency(restart.firstRetryDelay))"
            )
            row(
                "per-client stream check",
                "\(restart.clientsWithGaps) with a gap, \(restart.clientsWithDuplicates) with a duplicate; \(restart.replayedEvents) events replayed, \(restart.snapshots) snapshots"
            )
            row(
                "/healthz in the storm",
                latency(restart.healthz) + (restart.healthzFailures > 0 ? ", \(restart.healthzFailures) failed" : ""))
            row("a login in the storm", latency(restart.login))
            row("  with its connect", latency(restart.connectAndLogin))
            if !restart.loginFailures.isEmpty {
                row(
                    "  failed logins",
                    restart.loginFailures.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(
                        separator: ", "))
            }
            row(
                "new server in the storm",
                String(
                    format: "%.2f CPU s (%.0f %% of a core on average, %.0f %% at peak), peak RSS ",
                    restart.serverCPUSeconds, restart.serverCPUPercent, restart.serverPeakCPUPercent)
                    + Self.mebibytes(restart.serverPeakResidentBytes))
        }
        let v = verification
        row(
            "exactly once, in order",
            v.passed
                ? "yes: every subscriber received every event once, in order"
                : "NO: \(v.duplicatesOrReordered) duplicate/reordered, \(v.gaps) gaps, \(v.missingAtEnd) not delivered before the drain timeout, \(v.unparsable) unparsable, \(v.subscribersNotLive) subscribers not live at the end"
        )
        if let server {
            var text = String(format: "%.2f CPU s", server.cpuSeconds)
            if let perDelivery = server.cpuMicrosecondsPerDelivery {
                text += String(format: ", %.2f µs per delivery", perDelivery)
            }
            text += ", RSS \(Self.mebibytes(server.residentBytesBefore)) → \(Self.mebibytes(server.residentBytesAfter))"
            if let perConnection = server.residentBytesPerConnection {
                text += String(format: " (%.2f KiB per connection)", perConnection / 1024)
            }
            row("server (pid \(server.pids.map(String.init).joined(separator: ",")))", text)
        }
        row("bench client CPU", String(format: "%.2f s", clientCPUSeconds))
        if !errors.isEmpty {
            row("errors", errors.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
        }
        if !closeCodes.isEmpty {
            row(
                "close codes",
                closeCodes.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
        }
        row("elapsed", String(format: "%.1f s", elapsedSeconds))
        return lines.joined(separator: "\n")
    }

    /// Sorted-key, pretty JSON.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    private func ms(_ value: Double) -> String {
        value < 1 ? String(format: "%.3f ms", value) : String(format: "%.2f ms", value)
    }

    static func number(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        return formatter.string(from: NSNumber(value: value)) ?? String(Int(value))
    }

    static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
}
