/// Decides whether a WebSocket upgrade's `Origin` header is acceptable.
///
/// Why: browsers attach `Origin` to cross-site WebSocket requests and do not apply CORS to
/// them, so without this check any web page could open a connection with the user's cookies.
/// Non-browser clients send no `Origin` and are allowed; the page served by this very server
/// (same origin as the `Host` it asked for) is always allowed.
struct OriginPolicy: Sendable {
    /// Exact `Origin` values allowed; `"*"` allows any.
    let allowedOrigins: Set<String>

    func allows(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        if allowedOrigins.contains("*") || allowedOrigins.contains(origin) { return true }
        guard let host, !host.isEmpty else { return false }
        let lowered = origin.lowercased()
        let loweredHost = host.lowercased()
        return lowered == "http://" + loweredHost || lowered == "https://" + loweredHost
    }
}
