import Glibc

/// The `iface` string and IP family lws should listen with, derived from a configured host.
///
/// Why resolve here: lws 4.1.6 accepts an interface name or a numeric address as `iface`,
/// not a hostname, and listens on every interface when given an IPv4 address with IPv6
/// enabled. So names become numeric IPv4 addresses and IPv4 listeners disable IPv6.
struct ListenAddress: Equatable {
    /// Numeric address for `info.iface`; nil = all interfaces.
    var interface: String?
    var isIPv4: Bool

    init(host: String) throws {
        if host.isEmpty || host == "0.0.0.0" || host == "*" {
            self.init(interface: nil, isIPv4: true)
        } else if host == "::" {
            self.init(interface: nil, isIPv4: false)
        } else if Self.isNumeric(host, family: AF_INET) {
            self.init(interface: host, isIPv4: true)
        } else if Self.isNumeric(host, family: AF_INET6) {
            self.init(interface: host, isIPv4: false)
        } else {
            self.init(interface: try Self.resolveIPv4(host), isIPv4: true)
        }
    }

    init(interface: String?, isIPv4: Bool) {
        self.interface = interface
        self.isIPv4 = isIPv4
    }

    /// After lws failed to create its context, finds out whether binding was the problem:
    /// binds a throwaway IPv4 socket the way lws does and returns the bind `errno` (e.g.
    /// `EADDRINUSE`), or nil if binding works (so lws failed for another reason, e.g. TLS).
    /// Needed because lws 4.1.6 logs the bind error but leaves an unrelated `errno` behind.
    func bindErrno(port: Int) -> Int32? {
        guard isIPv4, port != 0 else { return nil }
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard probe >= 0 else { return errno }
        defer { close(probe) }
        var reuse: Int32 = 1
        setsockopt(probe, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        address.sin_addr.s_addr = interface.map { inet_addr($0) } ?? INADDR_ANY
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return status == 0 ? nil : errno
    }

    private static func isNumeric(_ host: String, family: Int32) -> Bool {
        var storage = in6_addr()
        return inet_pton(family, host, &storage) == 1
    }

    private static func resolveIPv4(_ host: String) throws -> String {
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &result)
        guard status == 0, let first = result, let address = first.pointee.ai_addr else {
            throw TransportError.hostResolutionFailed(host: host, code: status)
        }
        defer { freeaddrinfo(result) }
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        let formatted = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
            var ipv4Address = ipv4.pointee.sin_addr
            return inet_ntop(AF_INET, &ipv4Address, &text, socklen_t(text.count))
        }
        guard formatted != nil else { throw TransportError.hostResolutionFailed(host: host, code: EAI_FAIL) }
        return text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
