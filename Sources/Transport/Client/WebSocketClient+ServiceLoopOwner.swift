private import CLibWebSockets
import Glibc

/// Context creation and shutdown for the client engine (service thread).
extension WebSocketClient: ServiceLoopOwner {
    static let protocolName = "checkwire-client"
    /// The raw-socket protocol of `ClientFraming.bulk` connections.
    static let rawProtocolName = "checkwire-client-raw"

    func makeContext(foreignLoop: OpaquePointer?) throws -> OpaquePointer {
        LibWebSocketsLogging.configureOnce()
        let arena = CMemoryArena()
        let protocols = arena.allocate(lws_protocols.self, count: 3)  // + zeroed terminator
        protocols[0].name = arena.cString(Self.protocolName)
        protocols[0].callback = checkwireClientCallback
        protocols[0].rx_buffer_size = 4096
        protocols[0].tx_packet_size = 1 << 20
        protocols[1].name = arena.cString(Self.rawProtocolName)
        protocols[1].callback = checkwireClientCallback

        let policy = arena.allocate(lws_retry_bo_t.self)
        policy.pointee.secs_since_valid_ping = 30
        policy.pointee.secs_since_valid_hangup = 60

        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.protocols = UnsafePointer(protocols)
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.retry_and_idle_policy = UnsafePointer(policy)
        // Raw origin: lws 4.1.6 would otherwise prefix "http://" to the Origin we give it.
        info.options = checkwire_lws_option_do_ssl_global_init() | checkwire_lws_option_just_use_raw_origin()
        LWSEventLoop.attach(foreignLoop, to: &info, arena: arena)
        errno = 0
        guard let context = lws_create_context(&info) else {
            throw TransportError.contextCreationFailed(errno: errno)
        }
        self.arena = arena
        self.context = context
        return context
    }

    func beginShutdown() {
        for session in sessions.values where session.closeRequest == nil {
            performClose(session.id, CloseRequest(code: 1000, reason: "client stopping"))
        }
    }

    var isShutdownComplete: Bool { sessions.isEmpty }

    func contextDidDestroy() {
        for session in Array(sessions.values) {
            sessions[session.id] = nil
            if session.wsi == nil {
                delegate?.webSocketClient(self, didFailToConnect: session.id, reason: "client stopped")
            } else {
                delegate?.webSocketClient(self, didClose: session.id, code: nil, reason: "client stopped")
            }
        }
        context = nil
        arena = nil
        delegate = nil
    }
}
