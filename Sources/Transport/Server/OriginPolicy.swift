/// Decides whether a WebSocket upgrade's `Origin` header is acceptable.
///
/// Why: browsers attach `Origin` to cross-site WebSocket requests and do not apply CORS to
/// them, so without this check any web page could open a connection with the user's cookies.
/// Non-browser clients send no `Origin` and are allowed; the page served by this very server
/// (same origin as the `Host` it asked for) is always allowed.
///
/// A browser always sends `Origin` on a WebSocket upgrade, and with it the fetch metadata
/// headers (`Sec-Fetch-Mode`, `Sec-Fetch-Site`, `Sec-Fetch-Dest`), which a page cannot set.
/// A request that carries fetch metadata but no `Origin`, an empty one or `null` (the opaque
/// origin of a sandboxed frame, a `data:` or `file:` page) comes from a browser context that
/// hid where it runs, and is refused even when `allowedOrigins` holds `"*"`.
struct OriginPolicy: Sendable {
    /// Exact `Origin` values allowed; `"*"` allows any.
    let allowedOrigins: Set<String>

    /// - Parameters:
    ///   - origin: the `Origin` header, `nil` when absent or empty.
    ///   - host: the `Host` header.
    ///   - fromBrowser: the request carries a `Sec-Fetch-*` header.
    func allows(origin: String?, host: String?, fromBrowser: Bool = false) -> Bool {
        // Absent or empty: a non-browser client, unless fetch metadata says it is a browser.
        guard let origin, !origin.isEmpty else { return !fromBrowser }
        if origin == "null" { return false }  // an opaque origin: a page that hid where it runs
        if allowedOrigins.contains("*") || allowedOrigins.contains(origin) { return true }
        guard let host, !host.isEmpty else { return false }
        let lowered = origin.lowercased()
        let loweredHost = host.lowercased()
        return lowered == "http://" + loweredHost || lowered == "https://" + loweredHost
    }
}
