import Foundation
import Testing

@testable import ChecklistServer
@testable import Transport

/// `GET /attachments/ID` streams from the file: the server holds one chunk of a download at
/// a time, keeps the file open only while the download lasts, and answers ranges of a large
/// file exactly.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct DownloadTests {
    /// A server with one attachment of `size` bytes; returns its id, sha256 and bytes.
    static func serverWithAttachment(size: Int) async throws -> (
        TestServer, token: String, id: String, sha256: String, bytes: [UInt8]
    ) {
        let server = try TestServer()
        let ana = try await server.user("ana")
        let list = try await ana.createList()
        let item = try await ana.addItem(list, "Scan")
        let token = try #require(ana.token)
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 13) }
        let socket = try HTTPSocket(port: server.port)
        try socket.send(
            "PUT", "/attachments?list=\(list)&item=\(item)&name=scan.bin",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/octet-stream"], body: bytes)
        let head = try socket.readHead()
        let reply = try socket.readBody(count: Int(head.headers["content-length"] ?? "0") ?? 0)
        #expect(head.status == 201, "\(String(decoding: reply, as: UTF8.self))")
        let created = try #require(try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any])
        return (
            server, token, try #require(created["id"] as? String), try #require(created["sha256"] as? String), bytes
        )
    }

    static func largestBodyBytesInMemory(_ server: TestServer) async -> Int {
        let transport = server.server.transport!
        return await withCheckedContinuation { continuation in
            transport.execute { continuation.resume(returning: transport.largestDeferredBodyBytesInMemory) }
        }
    }

    @Test("a slow reader gets 8 MiB whole while the server holds one 64 KiB chunk of it and keeps the file open")
    func slowReaderCostsOneChunk() async throws {
        let (server, token, id, sha256, bytes) = try await Self.serverWithAttachment(size: 8 << 20)
        defer { server.stop() }
        let socket = try HTTPSocket(port: server.port, receiveBufferSize: 4096)
        try socket.send("GET", "/attachments/\(id)", headers: ["Authorization": "Bearer \(token)"])
        let head = try socket.readHead()
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == "\(bytes.count)")
        var received: [UInt8] = []
        var openWhileReading = 0
        while received.count < bytes.count {
            let chunk = try socket.read(limit: 4096)
            if chunk.isEmpty { break }
            received += chunk
            if received.count % (1 << 20) < 4096 {
                openWhileReading = max(openWhileReading, openDescriptors(naming: sha256))
                usleep(20_000)
            }
        }
        let intact = received == bytes  // a Bool: swift-testing would diff two 8 MiB arrays
        #expect(intact)
        #expect(openWhileReading == 1, "the file is read as the client takes it, from one descriptor")
        let held = await Self.largestBodyBytesInMemory(server)
        #expect(held <= DeferredHTTPExchanges.chunkSize, "held \(held) bytes of the body at once")
        #expect(await eventually { openDescriptors(naming: sha256) == 0 }, "the descriptor closes after the body")
    }

    @Test("a client gone mid-download closes the file's descriptor, and the server goes on")
    func disconnectClosesTheFile() async throws {
        let (server, token, id, sha256, bytes) = try await Self.serverWithAttachment(size: 6 << 20)
        defer { server.stop() }
        do {
            let socket = try HTTPSocket(port: server.port, receiveBufferSize: 4096)
            try socket.send("GET", "/attachments/\(id)", headers: ["Authorization": "Bearer \(token)"])
            #expect(try socket.readHead().status == 200)
            #expect(try socket.readBody(count: 100_000).count == 100_000)
            #expect(openDescriptors(naming: sha256) == 1)
        }  // the socket closes here, mid-body
        #expect(await eventually { openDescriptors(naming: sha256) == 0 }, "no descriptor leaks")
        let again = try HTTPSocket(port: server.port)
        try again.send("GET", "/attachments/\(id)", headers: ["Authorization": "Bearer \(token)", "Range": "bytes=-5"])
        #expect(try again.readHead().status == 206)
        #expect(try again.readBody(count: 5) == Array(bytes.suffix(5)))
    }

    @Test("ranges of a large file are exact; HEAD, 304 and 416 as before, on one keep-alive connection")
    func rangesOfALargeFile() async throws {
        let size = (8 << 20) + 5
        let (server, token, id, sha256, bytes) = try await Self.serverWithAttachment(size: size)
        defer { server.stop() }
        let socket = try HTTPSocket(port: server.port)
        let auth = ["Authorization": "Bearer \(token)"]
        let cases: [(range: String, expected: Range<Int>)] = [
            ("bytes=5000000-5999999", 5_000_000..<6_000_000), ("bytes=-100", (size - 100)..<size),
            ("bytes=8000000-", 8_000_000..<size), ("bytes=0-0", 0..<1), ("bytes=65535-65536", 65535..<65537),
            ("bytes=100-99999999", 100..<size),
        ]
        for (range, expected) in cases {
            try socket.send("GET", "/attachments/\(id)", headers: auth.merging(["Range": range]) { $1 })
            let head = try socket.readHead()
            #expect(head.status == 206, "\(range)")
            #expect(head.headers["content-range"] == "bytes \(expected.lowerBound)-\(expected.upperBound - 1)/\(size)")
            #expect(head.headers["content-length"] == "\(expected.count)")
            let exact = try socket.readBody(count: expected.count) == Array(bytes[expected])
            #expect(exact, "\(range)")
        }
        try socket.send("HEAD", "/attachments/\(id)", headers: auth)
        let head = try socket.readHead()
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == "\(size)")
        #expect(head.headers["etag"] == "\"\(sha256)\"")
        try socket.send("GET", "/attachments/\(id)", headers: auth.merging(["If-None-Match": "\"\(sha256)\""]) { $1 })
        #expect(try socket.readHead().status == 304)
        try socket.send("GET", "/attachments/\(id)", headers: auth.merging(["Range": "bytes=\(size)-"]) { $1 })
        let refused = try socket.readHead()
        #expect(refused.status == 416)
        #expect(refused.headers["content-range"] == "bytes */\(size)")
        _ = try socket.readBody(count: Int(refused.headers["content-length"] ?? "0") ?? 0)
        // Nothing of the HEAD's or the 304's body came: the next answer starts right here.
        try socket.send("GET", "/attachments/\(id)", headers: auth.merging(["Range": "bytes=1-3"]) { $1 })
        #expect(try socket.readHead().status == 206)
        #expect(try socket.readBody(count: 3) == Array(bytes[1..<4]))
        #expect(await eventually { openDescriptors(naming: sha256) == 0 })
    }

    @Test("a file removed once its download began is still sent whole, from the open descriptor")
    func removedDuringDownload() async throws {
        let (server, token, id, sha256, bytes) = try await Self.serverWithAttachment(size: 4 << 20)
        defer { server.stop() }
        let socket = try HTTPSocket(port: server.port, receiveBufferSize: 4096)
        try socket.send("GET", "/attachments/\(id)", headers: ["Authorization": "Bearer \(token)"])
        #expect(try socket.readHead().status == 200)
        var received = try socket.readBody(count: 65536)
        try FileManager.default.removeItem(
            atPath: server.databasePath + "-attachments/" + sha256.prefix(2) + "/" + sha256)
        received += try socket.readBody(count: bytes.count - received.count)
        let intact = received == bytes
        #expect(intact)
        #expect(await eventually { openDescriptors(naming: sha256) == 0 })
    }
}

/// Polls `condition` until it holds or `timeout` passes; returns whether it held.
private func eventually(timeout: Duration = .seconds(5), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
