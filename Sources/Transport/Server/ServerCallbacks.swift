internal import CLibWebSockets

// The C entry points of the server's two lws protocols. They are top-level functions because
// a C function pointer cannot capture; the owning server is found through the context's user
// pointer (set to the unretained server, which outlives `lws_context_destroy`).

/// protocols[1]: the HTTP protocol the dynamic-path mounts name (and a refusal for a client
/// asking for it as a subprotocol), and the inbox wake-up.
func checkwireServerHTTPCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let server = WebSocketServer.owner(of: wsi) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    return server.handleHTTPProtocolEvent(wsi, reason, user, input, length)
}

/// protocols[0]: our WebSocket subprotocol (also the default for clients offering none), and
/// plain HTTP requests that match no mount.
func checkwireServerWebSocketCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let server = WebSocketServer.owner(of: wsi) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    return server.handleWebSocketEvent(wsi, reason, user, input, length)
}

extension WebSocketServer {
    /// The server whose context `wsi` belongs to.
    static func owner(of wsi: OpaquePointer) -> WebSocketServer? {
        guard let context = lws_get_context(wsi), let user = lws_context_user(context) else { return nil }
        return Unmanaged<WebSocketServer>.fromOpaque(user).takeUnretainedValue()
    }
}
