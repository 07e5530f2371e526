/// A minimal HTTP/1.1 GET over `RawSocket`.
struct RawHTTPResponse {
    var status: Int
    var headers: [String: String]  // lower-cased names
    var body: [UInt8]
}

enum RawHTTP {
    static func get(port: Int, path: String) throws -> RawHTTPResponse {
        let socket = try RawSocket(port: port)
        try socket.write("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let (head, rest) = try socket.readHeaders()
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ")
        let status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: " ")
        }
        var body = rest
        if let length = headers["content-length"].flatMap({ Int($0) }) {
            while body.count < length {
                let chunk = try socket.read()
                if chunk.isEmpty { break }
                body += chunk
            }
        } else {
            while let chunk = try? socket.read(), !chunk.isEmpty { body += chunk }
        }
        return RawHTTPResponse(status: status, headers: headers, body: body)
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
