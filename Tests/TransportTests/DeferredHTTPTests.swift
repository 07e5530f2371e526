import LoopbackTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Transport

@Suite("Deferred HTTP: requests answered later, from another thread, in chunks", .serialized)
struct DeferredHTTPTests {
    /// A server whose delegate answers every deferred request after `delay` from a global
    /// queue, with `body(path)` as the body.
    static func server(delay: Double = 0.05, body: @escaping @Sendable (String) -> [UInt8]) throws -> TestServer {
        try TestServer(
            configure: { $0.deferredPrefixes = ["/feed"] },
            prepare: { delegate in
                delegate.onRequest = { server, request in
                    DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                        server.execute {
                            server.respond(
                                to: request.id,
                                with: HTTPResponse(
                                    status: 200, contentType: "text/calendar; charset=utf-8", body: body(request.path),
                                    headers: [("ETag", "\"v1\"")]
                                ))
                        }
                    }
                }
            }
        )
    }

    @Test(
        "a GET under the prefix reaches the delegate with its path, query and headers, and gets the later answer",
        .timeLimit(.minutes(5)))
    func answeredLater() throws {
        let test = try Self.server { Array("answer for \($0)".utf8) }
        defer { test.stop() }
        let response = try RawHTTP.request(
            port: test.port, method: "GET", path: "/feed/abc.ics?components=VTODO&x=a%20b",
            headers: ["If-None-Match": "\"v0\""]
        )
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "answer for /feed/abc.ics")
        #expect(response.headers["etag"] == "\"v1\"")
        #expect(response.headers["content-type"] == "text/calendar; charset=utf-8")
        let request = try #require(test.delegate.requests.withLock { $0.first })
        #expect(request.method == "GET")
        #expect(request.query["components"] == "VTODO")
        #expect(request.query["x"] == "a b")
        #expect(request.headers["if-none-match"] == "\"v0\"")
    }

    @Test("a body of 1 MiB arrives whole and in order", .timeLimit(.minutes(5)))
    func largeBody() throws {
        let big = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let test = try Self.server { _ in big }
        defer { test.stop() }
        let response = try RawHTTP.get(port: test.port, path: "/feed")
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == "\(big.count)")
        #expect(response.body == big)
    }

    @Test(
        "a body read slowly for longer than the HTTP deadline arrives whole: each chunk written restarts the deadline",
        .timeLimit(.minutes(5)))
    func slowReaderOutlivesTheDeadline() throws {
        // 8 MiB (twice what the kernel's buffers hold) through a 4 KiB receive window, read in
        // small steps: a few seconds, while the deadline is 1 s. A deadline counted from the
        // request alone used to cut it off after ~4.5 MiB.
        let big = (0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        let test = try TestServer(
            configure: {
                $0.deferredPrefixes = ["/feed"]
                $0.httpTimeoutSeconds = 1
            },
            prepare: { delegate in
                delegate.onRequest = { server, request in
                    server.execute { server.respond(to: request.id, with: HTTPResponse(status: 200, body: big)) }
                }
            }
        )
        defer { test.stop() }
        let socket = try RawSocket(port: test.port, receiveBufferSize: 4096, timeoutSeconds: 10)
        try socket.write("GET /feed/slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let (head, rest) = try socket.readHeaders()
        #expect(head.hasPrefix("HTTP/1.1 200"))
        var received = rest
        let started = ContinuousClock.now
        while received.count < big.count, ContinuousClock.now - started < .seconds(40) {
            let chunk = try socket.read(limit: 4096)
            if chunk.isEmpty { break }
            received += chunk
            if received.count % (256 << 10) < 4096 { usleep(100_000) }
        }
        #expect(ContinuousClock.now - started > .seconds(2), "the read must outlast the deadline to test it")
        #expect(received.count == big.count)
        let intact = received == big  // a Bool: swift-testing would diff two 8 MiB arrays
        #expect(intact)
    }

    @Test("HEAD gets the headers and the length, no body; other methods get 405", .timeLimit(.minutes(5)))
    func headAndMethods() throws {
        let test = try Self.server { _ in Array("twelve bytes".utf8) }
        defer { test.stop() }
        let head = try RawHTTP.request(port: test.port, method: "HEAD", path: "/feed/x")
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == "12")
        #expect(head.body.isEmpty)
        let put = try RawHTTP.request(port: test.port, method: "PUT", path: "/feed/x")
        #expect(put.status == 405)
        #expect(test.delegate.requests.withLock { $0.map(\.method) } == ["HEAD"])
    }

    @Test("a path that only starts like the prefix is not deferred", .timeLimit(.minutes(5)))
    func prefixIsASegment() throws {
        let test = try Self.server { _ in [] }
        defer { test.stop() }
        let response = try RawHTTP.get(port: test.port, path: "/feedback")
        #expect(response.status == 404)
        #expect(test.delegate.requests.withLock { $0.isEmpty })
    }

    @Test("an answer for a connection that already closed is dropped, and the server goes on", .timeLimit(.minutes(5)))
    func answerAfterClose() async throws {
        let test = try Self.server(delay: 0.3) { _ in Array("late".utf8) }
        defer { test.stop() }
        do {
            let socket = try RawSocket(port: test.port)
            try socket.write("GET /feed/gone HTTP/1.1\r\nHost: 127.0.0.1:\(test.port)\r\n\r\n")
            #expect(await eventually { test.delegate.requests.withLock { $0.count } == 1 })
        }  // the socket closes here, before the answer
        try await Task.sleep(for: .milliseconds(500))
        let response = try RawHTTP.get(port: test.port, path: "/feed/next")
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "late")
    }
}

@Suite("Deferred HTTP beside a public directory")
struct DeferredHTTPMountTests {
    @Test("the prefix wins over the static file mount; files are still served", .timeLimit(.minutes(5)))
    func prefixBesideFiles() throws {
        let directory = try HTTPTests.makePublicDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let test = try TestServer(
            configure: {
                $0.deferredPrefixes = ["/feed"]
                $0.publicDirectory = directory
            },
            prepare: { delegate in
                delegate.onRequest = { server, request in
                    server.respond(to: request.id, with: HTTPResponse(status: 200, body: Array("deferred".utf8)))
                }
            }
        )
        defer { test.stop() }
        let deferred = try RawHTTP.get(port: test.port, path: "/feed/token.ics")
        #expect(deferred.status == 200)
        #expect(String(decoding: deferred.body, as: UTF8.self) == "deferred")
        let file = try RawHTTP.get(port: test.port, path: "/")
        #expect(file.status == 200)
        #expect(file.headers["content-type"]?.hasPrefix("text/html") == true)
    }
}
