import Glibc

/// The proxies (`--trusted-proxy CIDR`) whose `X-Forwarded-For` names the client. Behind a
/// load balancer every connection comes from the balancer, so per-address limits (login
/// throttling, signups, the password queue's turns) would treat all clients as one; the
/// balancer says who the client is in `X-Forwarded-For`, appending the address it saw.
///
/// Any client can send that header, so it is read only from a peer inside a trusted range,
/// and only as far as trusted hops go: the client is the rightmost entry that is not itself
/// a trusted proxy (entries to its left were written by the client and prove nothing).
public struct TrustedProxies: Hashable, Sendable {
    /// One address range: the first `prefix` bits of `bytes` (4 bytes for IPv4, 16 for IPv6).
    struct Network: Hashable, Sendable {
        var bytes: [UInt8]
        var prefix: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            for bit in 0..<prefix where (address[bit / 8] ^ bytes[bit / 8]) & (0x80 >> UInt8(bit % 8)) != 0 {
                return false
            }
            return true
        }
    }

    private(set) var networks: [Network] = []

    public init() {}

    /// Reads ranges such as `10.0.0.0/8`, `192.168.1.7` (one address) or `fd00::/8`.
    public init(_ ranges: [String]) throws(TrustedProxyError) {
        networks = try ranges.map { range throws(TrustedProxyError) in try Self.network(range) }
    }

    public var isEmpty: Bool { networks.isEmpty }

    /// The client's address: the peer's, unless the peer is a trusted proxy, then the
    /// rightmost untrusted `X-Forwarded-For` entry. An entry that is not an address (the
    /// proxy did not write it) ends the walk at the last trusted hop.
    public func clientAddress(peer: String, forwardedFor: String?) -> String {
        guard !networks.isEmpty, let forwardedFor, let peerBytes = Self.address(peer), isTrusted(peerBytes) else {
            return peer
        }
        var client = peer
        for entry in forwardedFor.split(separator: ",").reversed() {
            let text = Self.unbracketed(entry.trimmingSpaces)
            guard let bytes = Self.address(text) else { break }
            client = Self.text(bytes) ?? text
            if !isTrusted(bytes) { break }
        }
        return client
    }

    func isTrusted(_ address: [UInt8]) -> Bool {
        networks.contains { $0.contains(address) }
    }

    static func network(_ range: String) throws(TrustedProxyError) -> Network {
        let parts = range.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let bytes = address(String(parts[0])) else { throw TrustedProxyError(range: range) }
        let bits = bytes.count * 8
        guard parts.count == 2 else { return Network(bytes: bytes, prefix: bits) }
        guard let prefix = Int(parts[1]), (0...bits).contains(prefix) else { throw TrustedProxyError(range: range) }
        return Network(bytes: bytes, prefix: prefix)
    }

    /// The address's bytes: 4 for IPv4 (also when written as IPv4-mapped IPv6, as a dual-stack
    /// listener reports IPv4 peers), 16 for IPv6; `nil` when it is not an address.
    static func address(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        let mapped: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff]
        return Array(bytes.prefix(12)) == mapped ? Array(bytes.suffix(4)) : bytes
    }

    /// The address in its usual text form, so one client always gets one key.
    static func text(_ bytes: [UInt8]) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        return written == nil ? nil : String(cString: buffer)
    }

    private static func unbracketed(_ entry: String) -> String {
        guard entry.hasPrefix("["), let end = entry.firstIndex(of: "]") else { return entry }
        return String(entry[entry.index(after: entry.startIndex)..<end])
    }
}

/// A `--trusted-proxy` value that is not an address range.
public struct TrustedProxyError: Error, Hashable, Sendable, CustomStringConvertible {
    public var range: String

    public var description: String {
        "--trusted-proxy \(range.isEmpty ? "''" : range) is not an address range: write one as 10.0.0.0/8, 192.168.1.7 or fd00::/8"
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
