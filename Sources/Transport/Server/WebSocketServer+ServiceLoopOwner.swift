private import CLibWebSockets
import Glibc
import Synchronization

/// Context creation and shutdown for the server (service thread).
extension WebSocketServer: ServiceLoopOwner {
    /// lws protocol name for the dynamic-path mounts (protocols[1]); never a WebSocket subprotocol.
    static let httpProtocolName = "checkwire-http"
    static let vhostName = "checkwire"

    func makeContext(foreignLoop: OpaquePointer?) throws -> OpaquePointer {
        LibWebSocketsLogging.configureOnce()
        let address = try ListenAddress(host: configuration.host)
        let arena = CMemoryArena()

        var info = lws_context_creation_info()
        info.port = Int32(configuration.port)
        info.iface = address.interface.map(arena.cString)
        info.vhost_name = arena.cString(Self.vhostName)
        info.protocols = UnsafePointer(makeProtocols(arena))
        info.mounts = makeMounts(arena).map { UnsafePointer($0) }
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.retry_and_idle_policy = UnsafePointer(makeIdlePolicy(arena))
        info.server_string = arena.cString(configuration.serverName)
        // Bounds on connections that are not (yet) WebSockets: an HTTP request must complete its
        // headers, and an idle keep-alive connection is closed, within these (lws's defaults were
        // ~30 s), so half-open requests cannot pile up and hold descriptors.
        info.timeout_secs = UInt32(configuration.httpTimeoutSeconds)
        info.keepalive_timeout = Int32(configuration.httpTimeoutSeconds)
        // Header blocks over our limit must reach a filter callback to be answered 431: see
        // `HeaderBlockLimit` (lws's buffer twice the limit, each header it knows capped).
        info.max_http_header_data2 = headerBlockLimit.lwsBufferBytes
        let tokenLimits = arena.allocate(lws_token_limits.self)
        headerBlockLimit.fill(tokenLimits)
        info.token_limits = UnsafePointer(tokenLimits)
        // No info.extensions: permessage-deflate stays off (CPU per frame, and inflate bombs).
        var options = checkwire_lws_option_validate_utf8() | checkwire_lws_option_fail_upon_unable_to_bind()
        if address.isIPv4 { options |= checkwire_lws_option_disable_ipv6() }
        if let certificate = configuration.tlsCertificatePath, let key = configuration.tlsPrivateKeyPath {
            options |= checkwire_lws_option_do_ssl_global_init()
            info.ssl_cert_filepath = arena.cString(certificate)
            info.ssl_private_key_filepath = arena.cString(key)
            info.alpn = arena.cString("http/1.1")
        }
        info.options = options
        LWSEventLoop.attach(foreignLoop, to: &info, arena: arena)

        errno = 0
        guard let context = lws_create_context(&info) else {
            let lwsErrno = errno
            if let bindError = address.bindErrno(port: configuration.port) {
                throw TransportError.listenFailed(host: configuration.host, port: configuration.port, errno: bindError)
            }
            throw TransportError.contextCreationFailed(errno: lwsErrno)
        }
        self.arena = arena
        boundPort = Int(lws_get_vhost_listen_port(lws_get_vhost_by_name(context, Self.vhostName)))
        return context
    }

    func serviceTurnDidEnd() {
        flushQueuedWrites()
        scheduleBehindReport()
    }

    func beginShutdown() {
        isShuttingDown = true
        let code = shutdownCloseCode.withLock { $0 }
        // No per-connection timer (see `CloseRequest.withoutHandshake`): the loop's grace
        // period is the deadline for all of them. A connection with nothing ahead of its Close
        // frame gets it now and is dropped at once (outside any callback, so synchronously);
        // one with frames still queued gets it after them, from WRITEABLE. Why not all from
        // WRITEABLE: 10,000 of them took more than the grace period, one loop turn each.
        let request = CloseRequest(code: code, reason: "server shutting down", withoutHandshake: true)
        let closeFrame = OutboundFrame(closeFrameFor: request)
        for session in Array(sessions.values) where session.closeRequest == nil {
            session.closeRequest = request
            guard session.queue.isEmpty, lws_partial_buffered(session.wsi) == 0 else {
                lws_callback_on_writable(session.wsi)
                continue
            }
            session.closeFrameSent = true
            _ = lws_write(session.wsi, closeFrame.payload, closeFrame.count, LWS_WRITE_HTTP)  // = LWS_WRITE_RAW
            lws_set_timeout(session.wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_SYNC)
        }
    }

    var isShutdownComplete: Bool { sessions.isEmpty }

    func contextDidDestroy() {
        // lws fires CLOSED for every connection while destroying; this is only a safety net.
        for id in Array(sessions.keys) {
            sessions[id] = nil
            delegate?.webSocketServer(self, didClose: id)
        }
        arena = nil
        coalescer.release()
        delegate = nil
    }

    /// protocols[0] is our WebSocket subprotocol, which also answers plain HTTP requests that
    /// match no mount; protocols[1] is the HTTP protocol the callback mounts name; then a
    /// zeroed terminator (4.1.6 has no LWS_PROTOCOL_LIST_TERM).
    ///
    /// Why the WebSocket protocol first: a client that offers no subprotocol is bound to the
    /// vhost's default protocol, index 0 unless a `default` option says otherwise, and lws
    /// reads such options only in its protocol init, which it runs from a timer after the
    /// context exists. On the epoll loop an upgrade could be handled before that timer, and was
    /// then bound to the HTTP protocol and refused with 404. Index 0 needs no option.
    private func makeProtocols(_ arena: CMemoryArena) -> UnsafeMutablePointer<lws_protocols> {
        let protocols = arena.allocate(lws_protocols.self, count: 3)
        protocols[0].name = arena.cString(configuration.subprotocol)
        protocols[0].callback = checkwireServerWebSocketCallback
        protocols[0].per_session_data_size = MemoryLayout<UInt64>.size
        protocols[0].rx_buffer_size = configuration.receiveBufferSize
        // Hand whole frames to the kernel in one send(); 0 would cap each send at rx_buffer_size
        // and make lws copy the rest of every large frame into its own buffer.
        protocols[0].tx_packet_size = 1 << 20
        protocols[1].name = arena.cString(Self.httpProtocolName)
        protocols[1].callback = checkwireServerHTTPCallback
        protocols[1].per_session_data_size = MemoryLayout<UInt64>.size
        return protocols
    }

    /// One callback mount per dynamic path (so they win over the longest-prefix "/" file
    /// mount), then the static file mount. Without a public directory and no dynamic paths,
    /// no mounts: every request reaches protocols[0]'s LWS_CALLBACK_HTTP.
    private func makeMounts(_ arena: CMemoryArena) -> UnsafeMutablePointer<lws_http_mount>? {
        var mountList: [(mountpoint: String, isFile: Bool)] = []
        if configuration.publicDirectory != nil {
            mountList += configuration.dynamicPaths.map { ($0, false) }
            mountList += (configuration.deferredPrefixes + configuration.uploadPrefixes).map { ($0, false) }
            mountList.append(("/", true))
        }
        guard !mountList.isEmpty else { return nil }
        let mounts = arena.allocate(lws_http_mount.self, count: mountList.count)
        for (index, entry) in mountList.enumerated() {
            let mount = mounts + index
            let mountpoint = arena.cString(entry.mountpoint)
            mount.pointee.mountpoint = mountpoint
            mount.pointee.mountpoint_len = UInt8(clamping: strlen(mountpoint))
            if entry.isFile {
                mount.pointee.origin = arena.cString(configuration.publicDirectory!)
                mount.pointee.def = arena.cString("index.html")
                mount.pointee.origin_protocol = UInt8(LWSMPRO_FILE.rawValue)
                mount.pointee.extra_mimetypes = UnsafePointer(makeExtraMimeTypes(arena))
            } else {
                mount.pointee.origin = arena.cString(Self.httpProtocolName)
                mount.pointee.origin_protocol = UInt8(LWSMPRO_CALLBACK.rawValue)
            }
            if index + 1 < mountList.count {
                mount.pointee.mount_next = UnsafePointer(mounts + index + 1)
            }
        }
        return mounts
    }

    /// Types missing from lws's built-in table (which already maps .html .js(text/javascript)
    /// .css .svg .png .json .ico ...). Unknown extensions get application/octet-stream
    /// instead of lws's 415.
    private func makeExtraMimeTypes(_ arena: CMemoryArena) -> UnsafeMutablePointer<lws_protocol_vhost_options> {
        let table: [(String, String)] = [
            (".mjs", "text/javascript"),
            (".map", "application/json"),
            (".webmanifest", "application/manifest+json"),
            (".wasm", "application/wasm"),
            (".webp", "image/webp"),
            ("*", "application/octet-stream"),
        ]
        let options = arena.allocate(lws_protocol_vhost_options.self, count: table.count)
        for (index, (suffix, type)) in table.enumerated() {
            options[index].name = arena.cString(suffix)
            options[index].value = arena.cString(type)
            if index + 1 < table.count { options[index].next = UnsafePointer(options + index + 1) }
        }
        return options
    }

    /// No validity timers: a zero hang-up makes lws arm none (without a policy it would take
    /// its default of 40/50 s). The sweep pings and drops idle peers instead; see
    /// `WebSocketServer+Liveness.swift` for why.
    private func makeIdlePolicy(_ arena: CMemoryArena) -> UnsafeMutablePointer<lws_retry_bo_t> {
        let policy = arena.allocate(lws_retry_bo_t.self)
        policy.pointee.secs_since_valid_ping = 0
        policy.pointee.secs_since_valid_hangup = 0
        return policy
    }
}
