import Foundation
import LoopbackTestSupport
import Glibc

/// A blocking HTTP/1.1 connection to 127.0.0.1 (a `RawSocket`), for requests a test must
/// pace or cut off (a slow reader, a client gone mid-body) and for uploads with an exact
/// `Content-Length`.
final class HTTPSocket {
    private let socket: RawSocket
    /// Bytes read past the header block, not yet returned.
    private var pending: [UInt8] = []

    /// - Parameter receiveBufferSize: set before connecting, to shrink the TCP window.
    init(port: Int, receiveBufferSize: Int32? = nil) throws {
        socket = try RawSocket(port: port, receiveBufferSize: receiveBufferSize, timeoutSeconds: 10)
    }

    func write(_ bytes: [UInt8]) throws { try socket.write(bytes) }

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
        return try socket.read(limit: limit)
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
            guard !chunk.isEmpty else { throw RawSocketError.closedEarly }
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

/// How many of this process's open descriptors name a file whose path contains `fragment`
/// (`/proc/self/fd`). The server runs in the test process, so this counts its open files.
func openDescriptors(naming fragment: String) -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.count { entry in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry))?.contains(fragment)
            == true
    }
}
