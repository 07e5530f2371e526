/// Decides whether a request's `Host` names this server, so a DNS-rebinding page (a name the
/// attacker controls, re-pointed at 127.0.0.1) cannot reach a server bound to loopback.
///
/// A server bound to a loopback address answers only `localhost`, `127.0.0.1`, `::1` and the
/// names it is told (`allowedHosts`); one bound to all interfaces, or to another address,
/// answers any `Host` unless it is told names, because it cannot know the names it is reached
/// by. The port in `Host` is not compared: the listener already decided that.
struct HostPolicy: Sendable {
    /// Lower-cased host names (no port); `nil` allows any.
    let allowed: Set<String>?

    init(bindHost: String, allowedHosts: Set<String>) {
        let told = Set(allowedHosts.map { $0.lowercased() })
        if told.contains("*") {
            allowed = nil
        } else if Self.isLoopback(bindHost) {
            allowed = told.union(["localhost", "127.0.0.1", "::1", bindHost.lowercased()])
        } else if told.isEmpty {
            allowed = nil
        } else {
            allowed = told.union([bindHost.lowercased()])
        }
    }

    func allows(host header: String?) -> Bool {
        guard let allowed else { return true }
        guard let header, !header.isEmpty else { return false }
        return allowed.contains(Self.name(of: header))
    }

    /// `example.com:8080` → `example.com`; `[::1]:8080` → `::1`.
    static func name(of header: String) -> String {
        let lowered = header.lowercased()
        if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") {
            return String(lowered[lowered.index(after: lowered.startIndex)..<close])
        }
        if let colon = lowered.lastIndex(of: ":"), lowered.firstIndex(of: ":") == colon {
            return String(lowered[..<colon])
        }
        return lowered
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
