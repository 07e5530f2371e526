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
