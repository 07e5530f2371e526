import LoopbackTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Transport

/// Deferred answers whose body is a region of an open file (`HTTPFile`): read a chunk at a
/// time as the connection takes it, its descriptor closed however the exchange ends.
@Suite("Deferred HTTP: file bodies", .serialized)
struct FileBodyTests {
    /// A file of `size` patterned bytes in a fresh directory; returns its path and bytes.
    static func makeFile(size: Int) throws -> (path: String, bytes: [UInt8]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("file-body-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 10) }
        let path = directory.appendingPathComponent("body.bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    /// A server answering every request under `/files` with `path`, whole or as the
    /// `range=a-b` of its query, after `delay`.
    static func server(serving path: String, delay: Double = 0) throws -> TestServer {
        try TestServer(
            configure: { $0.deferredPrefixes = ["/files"] },
            prepare: { delegate in
                delegate.onRequest = { server, request in
                    DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                        let response: HTTPResponse
                        do {
                            let file = try HTTPFile(path: path)
                            var range = 0..<file.size
                            if let text = request.query["range"] {
                                let bounds = text.split(separator: "-").compactMap { Int($0) }
                                range = bounds[0]..<bounds[1]
                            }
                            response = HTTPResponse(
                                status: 200, contentType: "application/octet-stream", file: file.region(range))
                        } catch {
                            response = HTTPResponse(status: 500, body: Array("\(error)\n".utf8))
                        }
                        server.execute { server.respond(to: request.id, with: response) }
                    }
                }
            }
        )
    }

    static func onServiceThread<T: Sendable>(_ server: WebSocketServer, _ read: @escaping @Sendable () -> T) async -> T
    {
        await withCheckedContinuation { continuation in server.execute { continuation.resume(returning: read()) } }
    }

    @Test("8 MiB through a 4 KiB window arrives whole, one chunk in memory at a time", .timeLimit(.minutes(5)))
    func slowReader() async throws {
        let (path, bytes) = try Self.makeFile(size: 8 << 20)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let test = try Self.server(serving: path)
        defer { test.stop() }
        let socket = try RawSocket(port: test.port, receiveBufferSize: 4096, timeoutSeconds: 10)
        try socket.write("GET /files/big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let (head, rest) = try socket.readHeaders()
        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(head.lowercased().contains("content-length: \(bytes.count)\r\n"))
        var received = rest
        while received.count < bytes.count {
            let chunk = try socket.read(limit: 4096)
            if chunk.isEmpty { break }
            received += chunk
            if received.count % (1 << 20) < 4096 {
                // Early on the server is still reading the file (later the kernel's buffers
                // may already hold the rest, and the descriptor is closed).
                if received.count < 2 << 20 { #expect(openDescriptors(naming: path) == 1) }
                usleep(20_000)
            }
        }
        let intact = received == bytes
        #expect(intact)
        let held = await Self.onServiceThread(test.server) { test.server.largestDeferredBodyBytesInMemory }
        #expect(held <= DeferredHTTPExchanges.chunkSize)
        #expect(await eventually { openDescriptors(naming: path) == 0 })
    }

    @Test(
        "a region is sent exactly, with its length; HEAD sends none; each descriptor closes",
        .timeLimit(.minutes(5)),
        arguments: [0..<1, 65535..<65537, 100_000..<300_001, 0..<(1 << 20)])
    func region(_ range: Range<Int>) async throws {
        let (path, bytes) = try Self.makeFile(size: 1 << 20)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let test = try Self.server(serving: path)
        defer { test.stop() }
        let query = "/files/x?range=\(range.lowerBound)-\(range.upperBound)"
        let response = try RawHTTP.get(port: test.port, path: query)
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == "\(range.count)")
        #expect(response.body == Array(bytes[range]))
        let head = try RawHTTP.request(port: test.port, method: "HEAD", path: query)
        #expect(head.headers["content-length"] == "\(range.count)")
        #expect(head.body.isEmpty)
        #expect(await eventually { openDescriptors(naming: path) == 0 })
    }

    /// Readers as fast as the loopback, four at once, each take WRITEABLEs one after another:
    /// each body must still arrive whole and in order, with one chunk in memory at a time.
    @Test("four 8 MiB downloads at once, read as fast as they come, each arrive whole", .timeLimit(.minutes(5)))
    func concurrentFastReaders() async throws {
        let (path, bytes) = try Self.makeFile(size: 8 << 20)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let test = try Self.server(serving: path)
        defer { test.stop() }
        let port = test.port
        let bodies = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for n in 0..<4 {
                group.addTask {
                    try await Task.detached { try RawHTTP.get(port: port, path: "/files/fast-\(n)").body }.value
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(bodies.count == 4)
        for body in bodies { #expect(body.count == bytes.count && body == bytes) }
        let held = await Self.onServiceThread(test.server) { test.server.largestDeferredBodyBytesInMemory }
        #expect(held <= DeferredHTTPExchanges.chunkSize)
        #expect(await eventually { openDescriptors(naming: path) == 0 })
    }

    /// Drops a file's pages from the page cache (`fsync`, then `POSIX_FADV_DONTNEED`); true
    /// once its first page is no longer cached. The kernel may keep pages it is still adding to
    /// its lists on another CPU, so it tries again, a few times, for up to a second.
    static func dropFromPageCache(_ path: String) throws -> Bool {
        let probe = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
        defer { probe.deallocate() }
        let file = try HTTPFile(path: path)
        for _ in 0..<20 {
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return false }
            fsync(descriptor)
            _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
            close(descriptor)
            if !file.readIfCached(into: probe, at: 0) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Whether this machine's temporary folder can have a file's pages dropped (not on tmpfs,
    /// whose pages are its storage).
    static func temporaryFilesCanLeaveThePageCache() -> Bool {
        guard let (path, _) = try? makeFile(size: 1 << 16) else { return false }
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        return (try? dropFromPageCache(path)) == true
    }

    /// A chunk not in the page cache is read on a queue, never on the service thread, which
    /// must not wait for the disk. The file's pages are really dropped from the cache first:
    /// nothing is simulated.
    @Test(
        "a file not in the page cache is read off the service thread and arrives whole", .timeLimit(.minutes(5)),
        .enabled(if: temporaryFilesCanLeaveThePageCache(), "the temporary folder keeps files in memory (tmpfs)"))
    func uncachedFile() async throws {
        let (path, bytes) = try Self.makeFile(size: 4 << 20)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try #require(try Self.dropFromPageCache(path))
        let test = try Self.server(serving: path)
        defer { test.stop() }
        let response = try RawHTTP.get(port: test.port, path: "/files/cold")
        #expect(response.status == 200)
        #expect(response.body == bytes)
        let offThread = await Self.onServiceThread(test.server) { test.server.deferredChunksReadOffThread }
        #expect(offThread >= 1, "the first chunk, at least, was not in the page cache")
        // Read again: now the pages are cached and nearly every chunk is read in place. Not
        // every one: a cached page that still carries the kernel's readahead mark makes a
        // `RWF_NOWAIT` read fail with EAGAIN (the kernel will not start readahead without
        // waiting), so a chunk or two where the cold read's last readahead window began may
        // still go to the queue. Seen once in CI: 2 chunks cold, 1 more warm, of 64.
        #expect(try RawHTTP.get(port: test.port, path: "/files/warm").body == bytes)
        let afterWarm = await Self.onServiceThread(test.server) { test.server.deferredChunksReadOffThread }
        let chunks = bytes.count / DeferredHTTPExchanges.chunkSize
        #expect(
            afterWarm - offThread <= 2, "\(afterWarm - offThread) of \(chunks) cached chunks left the service thread")
        #expect(await eventually { openDescriptors(naming: path) == 0 })
    }

    @Test("a client gone mid-body, or before the answer, leaves no descriptor open", .timeLimit(.minutes(5)))
    func disconnects() async throws {
        let (path, _) = try Self.makeFile(size: 4 << 20)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let test = try Self.server(serving: path)
        defer { test.stop() }
        do {
            let socket = try RawSocket(port: test.port, receiveBufferSize: 4096)
            try socket.write("GET /files/cut HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            _ = try socket.readHeaders()
            #expect(openDescriptors(naming: path) == 1)
        }
        #expect(await eventually { openDescriptors(naming: path) == 0 })

        let late = try Self.server(serving: path, delay: 0.3)
        defer { late.stop() }
        do {
            let socket = try RawSocket(port: late.port)
            try socket.write("GET /files/gone HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await eventually { late.delegate.requests.withLock { $0.count } == 1 })
        }  // closed before the answer: the answer is dropped, and its file with it
        try await Task.sleep(for: .milliseconds(500))
        #expect(await eventually { openDescriptors(naming: path) == 0 })
    }

    @Test("a missing file is a typed error naming the path and errno")
    func missingFile() {
        #expect(throws: TransportError.fileUnavailable(path: "/nonexistent/x", errno: ENOENT)) {
            try HTTPFile(path: "/nonexistent/x")
        }
        #expect(throws: TransportError.fileUnavailable(path: "/tmp", errno: EISDIR)) { try HTTPFile(path: "/tmp") }
    }
}

/// How many of this process's open descriptors name `path` (`/proc/self/fd`): the server
/// runs in the test process.
func openDescriptors(naming path: String) -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.count { entry in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry))?.hasPrefix(path) == true
    }
}
