import Foundation
import WireProtocol

/// A private JSON Lines file read and rewritten under an exclusive `flock` (`LockedFile`), so
/// two `checkwire` processes never interleave half-written lines. A line that is not a JSON
/// object (a torn write) is kept as it is, after the others, rather than dropped.
struct JSONLinesFile {
    let file: URL

    /// The readable lines, in order.
    func read() throws -> [JSONValue] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let handle = try LockedFile(file)
        defer { handle.close() }
        return Self.parse(try handle.readAll()).compactMap(\.value)
    }

    /// Runs `body` on the readable lines under the lock and writes back what it leaves.
    func update(_ body: (inout [JSONValue]) throws -> Void) throws {
        try PrivateFile.makeDirectory(file.deletingLastPathComponent())
        let handle = try LockedFile(file)
        defer { handle.close() }
        let lines = Self.parse(try handle.readAll())
        var values = lines.compactMap(\.value)
        let original = values
        try body(&values)
        guard values != original else { return }
        try handle.replace(with: Self.bytes(values, keeping: lines))
    }

    struct Line {
        var text: String
        var value: JSONValue? = nil
    }

    static func parse(_ bytes: [UInt8]) -> [Line] {
        bytes.split(separator: UInt8(ascii: "\n")).compactMap { raw in
            let text = String(decoding: raw, as: UTF8.self)
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            let value = (try? JSONParser.parse(raw)).flatMap { $0.objectValue == nil ? nil : $0 }
            return Line(text: text, value: value)
        }
    }

    /// `values`, one per line, then the unreadable lines of `original` as they were.
    static func bytes(_ values: [JSONValue], keeping original: [Line]) -> [UInt8] {
        var bytes: [UInt8] = []
        for value in values { bytes += value.encoded() + [UInt8(ascii: "\n")] }
        for line in original where line.value == nil { bytes += Array(line.text.utf8) + [UInt8(ascii: "\n")] }
        return bytes
    }
}
