import Synchronization
import Foundation
import Glibc

/// Publishes to nginx + nchan by HTTP POST: one thread and one keep-alive connection per
/// writer, with up to `window` pipelined requests in flight (nginx answers them in order).
///
/// Each body carries the writer, its message number and the send time
/// (`{"w":W,"n":N,"t":NS,"p":"…"}`, padded to `messageSize`), so subscribers check the order
/// per writer and measure latency from the message itself, as they do with Checkwire opIds.
// @unchecked Sendable: per-writer state lives on that writer's thread; the shared totals
// are behind `shared`'s lock.
final class NchanPublisher: @unchecked Sendable {
    struct Totals: Sendable {
        var sent = 0
        var acked = 0
        var errors = 0
        /// Per writer: the highest message number acknowledged with a 2xx.
        var published: [Int]
        var firstSendAt: UInt64 = 0
        var lastAckAt: UInt64 = 0
        var errorCodes: [String: Int] = [:]
    }

    let host: String
    let port: UInt16
    let pathPrefix: String
    let channels: [String]
    let configuration: BenchConfiguration
    private let shared: Mutex<Totals>
    private let latency = Mutex(LatencyRecorder())
    private let done = DispatchGroup()

    init(publishBase: String, channels: [String], configuration: BenchConfiguration) throws {
        guard let url = URL(string: publishBase), let host = url.host, url.scheme == "http" else {
            throw SetupClient.Failure(description: "--nchan-pub must be an http:// URL, got \(publishBase)")
        }
        self.host = host
        port = UInt16(url.port ?? 80)
        pathPrefix = url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path
        self.channels = channels
        self.configuration = configuration
        shared = Mutex(Totals(published: Array(repeating: 0, count: configuration.writers)))
    }

    var totals: Totals { shared.withLock { $0 } }
    var ackLatency: LatencyRecorder { latency.withLock { $0 } }

    /// Starts the writer threads: `budget` edits in total, none sent after `deadline`.
    func start(budget: Int, deadline: UInt64) {
        let writers = configuration.writers
        for writer in 0..<writers {
            let share = budget / writers + (writer < budget % writers ? 1 : 0)
            done.enter()
            let thread = Thread { [self] in
                run(writer: writer, budget: share, deadline: deadline)
                done.leave()
            }
            thread.name = "nchan-pub-\(writer)"
            thread.start()
        }
    }

    /// Waits for every writer thread to finish (they stop by themselves).
    func wait() async {
        await withCheckedContinuation { continuation in
            done.notify(queue: .global()) { continuation.resume() }
        }
    }

    private func fail(_ reason: String) {
        shared.withLock {
            $0.errors += 1
            $0.errorCodes[reason, default: 0] += 1
        }
    }

    /// A blocking TCP connection to nchan's publisher, with Nagle off; nil (and the failure
    /// counted) when it cannot be made.
    private func connectToPublisher() -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else {
            fail("socket failed")
            return nil
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
            close(fd)
            fail("publisher host must be an IPv4 address")
            return nil
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = "connect to nchan publisher failed (errno \(errno))"
            close(fd)
            fail(reason)
            return nil
        }
        return fd
    }

    private func run(writer: Int, budget: Int, deadline: UInt64) {
        guard budget > 0, let fd = connectToPublisher() else { return }
        defer { close(fd) }

        let perWriterRate = configuration.rate.map { $0 / Double(configuration.writers) }
        let startedAt = MonotonicClock.now()
        let hardStop = deadline &+ UInt64(configuration.drainTimeout * 1e9)
        var outstanding: [UInt64] = []  // send times, FIFO
        var outstandingHead = 0
        var next = 1
        var reader = HTTPResponseReader()
        var chunk = [UInt8](repeating: 0, count: 65536)
        var localLatency = LatencyRecorder()
        var sent = 0, acked = 0, highest = 0, answered = 0, reportedAcked = 0

        func dueTime(_ number: Int) -> UInt64 {
            guard let perWriterRate else { return 0 }
            return startedAt &+ UInt64(Double(number - 1) / perWriterRate * 1e9)
        }

        while true {
            var now = MonotonicClock.now()
            let inFlight = outstanding.count - outstandingHead
            let moreToSend = next <= budget && now < deadline
            if !moreToSend && inFlight == 0 { break }
            if now > hardStop { fail("publisher gave up waiting for responses"); break }
            var request: [UInt8] = []
            while next <= budget, now < deadline, outstanding.count - outstandingHead < configuration.window,
                dueTime(next) <= now
            {
                appendRequest(&request, writer: writer, number: next, sentAt: now)
                outstanding.append(now)
                next += 1
                sent += 1
                now = MonotonicClock.now()
            }
            if !request.isEmpty {
                let batch = outstanding.count - outstandingHead - inFlight
                guard publish(request, on: fd, count: batch, firstSentAt: outstanding[outstandingHead]) else { break }
            }
            if outstanding.count == outstandingHead {
                // Nothing in flight: wait for the next due time.
                let wait = dueTime(next) > now ? min(dueTime(next) - now, 1_000_000) : 100_000
                usleep(UInt32(wait / 1000))
                continue
            }
            var timeoutMs: Int32 = 100
            if perWriterRate != nil, next <= budget, outstanding.count - outstandingHead < configuration.window {
                timeoutMs = Int32(min(100, max(0, (Int64(dueTime(next)) - Int64(now)) / 1_000_000)))
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeoutMs) >= 0 else { fail("poll failed"); break }
            guard poller.revents != 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { fail("nchan closed the publisher connection"); break }
            reader.append(chunk[0..<count])
            let received = MonotonicClock.now()
            while let status = reader.nextResponse() {
                guard outstandingHead < outstanding.count else { break }
                let sentAt = outstanding[outstandingHead]
                outstandingHead += 1
                answered += 1  // responses arrive in request order: the n-th answers message n
                if (200..<300).contains(status) {
                    localLatency.record(nanoseconds: received &- sentAt)
                    acked += 1
                    highest = answered
                } else {
                    fail("HTTP \(status)")
                }
            }
            if outstandingHead > 4096, outstandingHead == outstanding.count {
                outstanding.removeAll(keepingCapacity: true)
                outstandingHead = 0
            }
            report(writer: writer, newlyAcked: acked - reportedAcked, highest: highest, at: received)
            reportedAcked = acked
        }
        let finalLatency = localLatency
        latency.withLock { $0.add(finalLatency) }
    }

    /// Writes a run of `count` requests and counts them as sent; false (failure counted) when
    /// the write fails.
    private func publish(_ request: [UInt8], on fd: Int32, count: Int, firstSentAt first: UInt64) -> Bool {
        shared.withLock {
            if $0.firstSendAt == 0 || first < $0.firstSendAt { $0.firstSendAt = first }
            $0.sent += count
        }
        guard writeAll(fd, request) else {
            fail("publisher write failed")
            return false
        }
        return true
    }

    /// Shares one writer's progress: the highest message number answered and the new acks.
    private func report(writer: Int, newlyAcked: Int, highest: Int, at received: UInt64) {
        shared.withLock {
            $0.published[writer] = max($0.published[writer], highest)
            $0.acked += newlyAcked
            if newlyAcked > 0 { $0.lastAckAt = max($0.lastAckAt, received) }
        }
    }

    private func appendRequest(_ request: inout [UInt8], writer: Int, number: Int, sentAt: UInt64) {
        let head = #"{"w":\#(writer),"n":\#(number),"t":\#(sentAt),"p":""#
        let padding = max(0, configuration.messageSize - head.utf8.count - 2)
        var body = Array(head.utf8)
        body.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: padding))
        body.append(contentsOf: Array(#""}"#.utf8))
        let channel = channels[(writer + (number - 1) * configuration.writers) % channels.count]
        let headers =
            "POST \(pathPrefix)/\(channel) HTTP/1.1\r\nHost: \(host)\r\nAccept: text/plain\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        request.append(contentsOf: Array(headers.utf8))
        request.append(contentsOf: body)
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }
}

/// Splits a stream of HTTP/1.1 responses (Content-Length or chunked bodies) and returns
/// their status codes in order.
struct HTTPResponseReader {
    private var buffer: [UInt8] = []
    private var start = 0

    mutating func append(_ bytes: ArraySlice<UInt8>) {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete response's status, consuming it; nil when incomplete.
    mutating func nextResponse() -> Int? {
        guard let headerEnd = find([13, 10, 13, 10], from: start) else { return nil }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        let lines = header.split(separator: "\r\n")
        guard let statusLine = lines.first else { return nil }
        let parts = statusLine.split(separator: " ")
        let status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        var contentLength = 0
        var chunked = false
        for line in lines.dropFirst() {
            let lower = line.lowercased()
            if lower.hasPrefix("content-length:") {
                contentLength = Int(lower.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0
            } else if lower.hasPrefix("transfer-encoding:"), lower.contains("chunked") {
                chunked = true
            }
        }
        var cursor = headerEnd + 4
        if chunked {
            while true {
                guard let lineEnd = find([13, 10], from: cursor) else { return nil }
                let sizeText =
                    String(decoding: buffer[cursor..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
                let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
                cursor = lineEnd + 2
                if size == 0 {
                    guard let trailerEnd = find([13, 10], from: cursor) else { return nil }
                    cursor = trailerEnd + 2
                    break
                }
                guard cursor + size + 2 <= buffer.count else { return nil }
                cursor += size + 2
            }
        } else {
            guard cursor + contentLength <= buffer.count else { return nil }
            cursor += contentLength
        }
        start = cursor
        return status
    }

    private func find(_ pattern: [UInt8], from: Int) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        var index = from
        while index + pattern.count <= buffer.count {
            if buffer[index] == pattern[0] {
                var matches = true
                for k in 1..<pattern.count where buffer[index + k] != pattern[k] { matches = false; break }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }
}
