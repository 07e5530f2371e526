import Glibc

/// One blocking HTTP/1.1 GET on 127.0.0.1, for `/healthz`: the status code, or nil when
/// nothing answered within `timeout` seconds (refused, reset, or silent).
///
/// Why a raw socket and not URLSession: it runs every few milliseconds on a probe thread
/// while the server restarts, and each call must cost one connection and no thread pool.
enum HTTPProbe {
    static func status(port: Int, path: String, timeout: Double) -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count
        else { return nil }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while head.count < 12 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            head += buffer[..<count]
        }
        // "HTTP/1.1 200 …": the three digits after the first space.
        guard let space = head.firstIndex(of: 0x20), head.count >= space + 4 else { return nil }
        return Int(String(decoding: head[(space + 1)...(space + 3)], as: UTF8.self))
    }
}
