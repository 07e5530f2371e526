internal import CLibWebSockets

/// The `Server` header on the WebSocket upgrade's `101` (service thread).
///
/// Why: lws writes `Server: <server_string>` on every HTTP response it builds with its header
/// helpers, but builds the `101 Switching Protocols` by hand and adds no `Server` line there
/// (lws v4.1.6, `lib/roles/ws/server-ws.c`, `handshake_0405`). It offers the protocol's
/// `LWS_CALLBACK_ADD_HEADERS` just before the blank line that ends that response instead, so
/// the upgrade names the same product and version as every other response.
extension WebSocketServer {
    func addServerHeader(to wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?) -> Int32 {
        guard let input else { return 0 }
        let args = input.assumingMemoryBound(to: lws_process_html_args.self)
        guard let start = args.pointee.p, args.pointee.max_len > 0 else { return 0 }
        var cursor: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(start).assumingMemoryBound(to: UInt8.self)
        let end = cursor! + Int(args.pointee.max_len)
        let name = configuration.serverName
        guard
            lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_SERVER, name, Int32(name.utf8.count), &cursor, end) == 0,
            let written = cursor
        else { return -1 }
        args.pointee.p = UnsafeMutableRawPointer(written).assumingMemoryBound(to: CChar.self)
        return 0
    }
}
