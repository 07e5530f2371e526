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
        let (lines, ops) = try Self.read(handle)
        return (ops, lines.count - ops.count)
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
        let (lines, read) = try Self.read(handle)
        var ops = read
        let original = ops
        var result: Result<T, any Error>
        do {
            result = .success(try await body(&ops))
        } catch {
            result = .failure(error)
        }
        if ops != original {
            try handle.replace(with: JSONLinesFile.bytes(ops.map(\.json), keeping: lines))
        }
        return try result.get()
    }

    /// The file's lines, each with its value only when it is a queued edit (any other line is
    /// kept as it is), and the queued edits.
    private static func read(_ handle: LockedFile) throws -> ([JSONLinesFile.Line], [QueuedOp]) {
        var ops: [QueuedOp] = []
        let lines = JSONLinesFile.parse(try handle.readAll()).map { line in
            guard let op = line.value.flatMap(QueuedOp.init(json:)) else { return JSONLinesFile.Line(text: line.text) }
            ops.append(op)
            return line
        }
        return (lines, ops)
    }
}
