internal import CLibWebSockets

/// The C entry point of the client engine's only protocol. Top-level because a C function
/// pointer cannot capture; the engine comes from the context's user pointer and the
/// connection id from the wsi's opaque user data (set in `lws_client_connect_via_info`).
func checkwireClientCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let owner = lws_context_user(context) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    let client = Unmanaged<WebSocketClient>.fromOpaque(owner).takeUnretainedValue()
    return client.handleEvent(wsi, reason, user, input, length)
}
