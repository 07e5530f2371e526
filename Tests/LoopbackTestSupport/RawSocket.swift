import Glibc

/// A blocking TCP socket to 127.0.0.1 with receive timeouts, for speaking HTTP or a
/// hand-made WebSocket handshake without any client library. Shared by the test targets
/// that need one, so the socket code exists once.
public final class RawSocket {
    public let descriptor: Int32

    /// - Parameter receiveBufferSize: set before connecting, to shrink the TCP window.
    public init(port: Int, receiveBufferSize: Int32? = nil, timeoutSeconds: Int = 5) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawSocketError.failed("socket", errno) }
        if var size = receiveBufferSize {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw RawSocketError.failed("connect", code)
        }
    }

    deinit {
        Glibc.close(descriptor)
    }

    public func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    public func write(_ bytes: [UInt8]) throws {
        var bytes = bytes
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeMutableBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw RawSocketError.failed("send", errno) }
            offset += sent
        }
    }

    /// Up to `limit` bytes; empty at end of stream. Throws on timeout.
    public func read(limit: Int = 65536) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, limit, 0) }
        guard count >= 0 else { throw RawSocketError.failed("recv", errno) }
        return Array(buffer.prefix(count))
    }

    /// Reads until the end of the HTTP header block; returns the header text and any body
    /// bytes read past it.
    public func readHeaders() throws -> (head: String, rest: [UInt8]) {
        var received: [UInt8] = []
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let range = firstRange(of: separator, in: received) {
                return (String(decoding: received[..<range], as: UTF8.self), Array(received[(range + 4)...]))
            }
            let chunk = try read()
            guard !chunk.isEmpty else { throw RawSocketError.closedEarly }
            received += chunk
        }
    }

    private func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<(start + needle.count)]) == needle
        {
            return start
        }
        return nil
    }
}

public enum RawSocketError: Error {
    case failed(String, Int32)
    case closedEarly
}
