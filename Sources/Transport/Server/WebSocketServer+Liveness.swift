private import CLibWebSockets

/// Dead peers (no FIN, no RST) are found by the once-a-second sweep, not by lws.
///
/// What lws did, kept as `docs/protocol.md` states it: a connection gets a PING
/// `pingIntervalSeconds` after it opened or last answered one with a PONG, and is dropped (no
/// close frame) once `idleTimeoutSeconds` pass with no PONG. Messages do not count: a client
/// may rely on hearing from the server about every `pingIntervalSeconds`.
///
/// Why not lws's validity timers (`retry_and_idle_policy`): lws 4.1.6 arms one per connection
/// at the end of each handshake and at each PONG, and keeps every timer of the thread in one
/// sorted list it inserts into by a walk from the head. A new validity deadline is the latest
/// of all, so each insert walked every open connection: 10,000 clients coming back after a
/// restart cost ~5·10⁷ steps through cold memory on the service thread, and the PONGs of
/// 10,000 idle connections one such walk each, every `pingIntervalSeconds`. The sweep visits
/// each connection once a second instead.
extension WebSocketServer {
    /// The PING, shared by every connection (lws writes each header into the headroom). Not
    /// empty: a PONG echoes the PING's payload, and lws 4.1.6 reports no PONG that carries
    /// none (`LWS_CALLBACK_RECEIVE_PONG` is skipped for an empty one, lib/roles/ws/ops-ws.c).
    private static let livenessPing = OutboundFrame(Array("cw".utf8), writeProtocol: LWS_WRITE_PING)

    /// Pings the connections silent for `pingIntervalSeconds` and drops those silent for
    /// `idleTimeoutSeconds` (service thread; `now` in uptime nanoseconds).
    func checkLiveness(now: UInt64) {
        let pingAfter = UInt64(configuration.pingIntervalSeconds) * 1_000_000_000
        let dropAfter = UInt64(configuration.idleTimeoutSeconds) * 1_000_000_000
        var dead: [OpaquePointer] = []
        for session in sessions.values where session.closeRequest == nil {
            if session.heardSinceSweep {
                session.heardSinceSweep = false
                session.lastHeard = now
                session.pinged = false
                continue
            }
            let silent = now &- session.lastHeard
            if silent >= dropAfter {
                dead.append(session.wsi)
            } else if silent >= pingAfter, !session.pinged {
                session.pinged = true
                enqueue(Self.livenessPing, for: session)
            }
        }
        // Outside any callback of these connections, so synchronously: no timer to insert.
        for wsi in dead { lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_SYNC) }
    }
}
