import LoopbackTestSupport
/// A minimal HTTP/1.1 GET over `RawSocket`.
struct RawHTTPResponse {
    var status: Int
    var headers: [String: String]  // lower-cased names
    var body: [UInt8]
}

enum RawHTTP {
    static func get(port: Int, path: String) throws -> RawHTTPResponse {
        try request(port: port, method: "GET", path: path)
    }

    static func request(port: Int, method: String, path: String, headers: [String: String] = [:]) throws
        -> RawHTTPResponse
    {
        let socket = try RawSocket(port: port)
        let length = method == "POST" || method == "PUT" ? "Content-Length: 0\r\n" : ""
        let extra = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        try socket.write(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(length)\(extra)Connection: close\r\n\r\n")
        if method == "HEAD" {
            let (head, _) = try socket.readHeaders()
            return parse(head: head, body: [])
        }
        let (head, rest) = try socket.readHeaders()
        var response = parse(head: head, body: rest)
        var body = rest
        if let length = response.headers["content-length"].flatMap({ Int($0) }) {
            while body.count < length {
                let chunk = try socket.read()
                if chunk.isEmpty { break }
                body += chunk
            }
        } else {
            while let chunk = try? socket.read(), !chunk.isEmpty { body += chunk }
        }
        response.body = body
        return response
    }

    private static func parse(head: String, body: [UInt8]) -> RawHTTPResponse {
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ")
        let status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: " ")
        }
        return RawHTTPResponse(status: status, headers: headers, body: body)
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
