import Foundation
import Glibc

/// A blocking HTTP/1.1 connection to 127.0.0.1, for requests a test must pace or cut off
/// (a slow reader, a client gone mid-body) and for uploads with an exact `Content-Length`.
final class HTTPSocket {
    let descriptor: Int32
    /// Bytes read past the header block, not yet returned.
    private var pending: [UInt8] = []

    /// - Parameter receiveBufferSize: set before connecting, to shrink the TCP window.
    init(port: Int, receiveBufferSize: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HTTPSocketError.failed("socket", errno) }
        if var size = receiveBufferSize {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
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
            throw HTTPSocketError.failed("connect", code)
        }
    }

    deinit {
        Glibc.close(descriptor)
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw HTTPSocketError.failed("send", errno) }
            offset += sent
        }
    }

    /// Sends a request: the request line, `Host`, `headers`, `Content-Length` when there is a
    /// body, then the body.
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []) throws {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        try write(Array((head + "\r\n").utf8) + body)
    }

    /// Up to `limit` bytes; empty at end of stream. Throws on timeout.
    func read(limit: Int = 65536) throws -> [UInt8] {
        if !pending.isEmpty {
            let taken = Array(pending.prefix(limit))
            pending.removeFirst(taken.count)
            return taken
        }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, limit, 0) }
        guard count >= 0 else { throw HTTPSocketError.failed("recv", errno) }
        return Array(buffer.prefix(count))
    }

    /// The status and the headers (lower-case names) of the next response.
    func readHead() throws -> (status: Int, headers: [String: String]) {
        var received: [UInt8] = []
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let end = Self.firstIndex(of: separator, in: received) {
                pending = Array(received[(end + 4)...]) + pending
                let lines = String(decoding: received[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                let status = Int(lines[0].split(separator: " ")[1]) ?? 0
                return (status, headers)
            }
            let chunk = try read()
            guard !chunk.isEmpty else { throw HTTPSocketError.closedEarly }
            received += chunk
        }
    }

    /// Exactly `count` body bytes (fewer if the connection ends first).
    func readBody(count: Int) throws -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(count)
        while body.count < count {
            let chunk = try read(limit: min(65536, count - body.count))
            if chunk.isEmpty { break }
            body += chunk
        }
        return body
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

enum HTTPSocketError: Error {
    case failed(String, Int32)
    case closedEarly
}

/// How many of this process's open descriptors name a file whose path contains `fragment`
/// (`/proc/self/fd`). The server runs in the test process, so this counts its open files.
func openDescriptors(naming fragment: String) -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.count { entry in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry))?.contains(fragment)
            == true
    }
}
