public import Foundation
import WireProtocol

/// The offline queue: edits made while the server was unreachable, one JSON object per line
/// (JSON Lines), oldest first, sent in that order the next time a command connects.
///
/// Every access holds an exclusive `flock` on the file, so two `checkwire` processes (a
/// `watch` flushing on reconnect and an `add` queueing) never interleave half-written lines
/// or send the same entries twice at once. Appends are `fsync`ed before the command says
/// "queued", so a crash right after cannot lose an edit the user was told was kept.
/// A line that cannot be read (a torn write) is kept as it is rather than dropped.
public struct OfflineQueue: Sendable {
    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    /// Appends `op` durably.
    public func append(_ op: QueuedOp) throws {
        try PrivateFile.makeDirectory(file.deletingLastPathComponent())
        let handle = try LockedFile(file)
        defer { handle.close() }
        try handle.append(op.json.encoded() + [UInt8(ascii: "\n")])
    }

    /// The queued edits, oldest first, and how many lines could not be read.
    public func entries() throws -> (ops: [QueuedOp], unreadable: Int) {
        guard FileManager.default.fileExists(atPath: file.path) else { return ([], 0) }
        let handle = try LockedFile(file)
        defer { handle.close() }
        let lines = try Self.parse(handle.readAll())
        return (lines.compactMap(\.op), lines.filter { $0.op == nil }.count)
    }

    /// Runs `body` on the queued edits under the lock and writes back what it leaves in
    /// `ops` (unreadable lines are kept after them). Used to flush: remove each edit once
    /// the server answered it.
    public func update<T>(_ body: (inout [QueuedOp]) async throws -> T) async throws -> T {
        guard FileManager.default.fileExists(atPath: file.path) else {
            var empty: [QueuedOp] = []
            return try await body(&empty)
        }
        let handle = try LockedFile(file)
        defer { handle.close() }
        let lines = try Self.parse(handle.readAll())
        var ops = lines.compactMap(\.op)
        let original = ops
        var result: Result<T, any Error>
        do {
            result = .success(try await body(&ops))
        } catch {
            result = .failure(error)
        }
        if ops != original {
            var bytes: [UInt8] = []
            for op in ops { bytes += op.json.encoded() + [UInt8(ascii: "\n")] }
            for line in lines where line.op == nil { bytes += Array(line.text.utf8) + [UInt8(ascii: "\n")] }
            try handle.replace(with: bytes)
        }
        return try result.get()
    }

    private struct Line {
        var text: String
        var op: QueuedOp?
    }

    private static func parse(_ bytes: [UInt8]) -> [Line] {
        bytes.split(separator: UInt8(ascii: "\n")).compactMap { raw in
            let text = String(decoding: raw, as: UTF8.self)
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return Line(text: text, op: (try? JSONParser.parse(raw)).flatMap(QueuedOp.init(json:)))
        }
    }
}
