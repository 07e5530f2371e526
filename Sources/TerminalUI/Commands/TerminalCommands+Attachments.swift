import ChecklistClient
import ChecklistCore
import Foundation
import WireProtocol

/// `attach`, `attachments`, `download`: files on items, over the server's HTTP endpoints
/// with the saved session token.
extension TerminalCommands {
    public static func attach(
        list reference: String, item itemReference: String, files: [String], server: String?, console: Console
    ) async throws {
        let context = try context(server: server)
        defer { context.close() }
        _ = try await context.requireSession()
        guard let token = context.configuration.token else {
            throw ClientError.invalidInput("log in first: checkwire login")
        }
        let list = try await context.resolveList(reference)
        let (view, _) = try await context.view(of: list)
        let item = try context.resolveItem(itemReference, in: view) { $0.status != .cancelled }
        let base = AttachmentHTTP.base(of: context.configuration.server)
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ClientError.invalidInput("cannot read \(path)")
            }
            let name = (path as NSString).lastPathComponent
            var query = URLComponents(string: base + "/attachments")!
            query.queryItems = [
                URLQueryItem(name: "list", value: list.id.rawValue),
                URLQueryItem(name: "item", value: item.id.rawValue), URLQueryItem(name: "name", value: name),
            ]
            let showProgress = console.capabilities.isTerminal && !console.json && data.count > 256 * 1024
            let (status, body) = try await AttachmentHTTP.upload(
                data, to: query.url!, token: token, type: AttachmentHTTP.contentType(forPath: path)
            ) { sent, total in
                guard showProgress, total > 0 else { return }
                let filled = Int(Double(sent) / Double(total) * 30)
                console.write(
                    raw: "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
                        + "] \(sent * 100 / total)% \(name)")
            }
            if showProgress { console.write(raw: "\r\u{1B}[K") }
            let reply = (try? JSONParser.parse(String(decoding: body, as: UTF8.self))) ?? .null
            guard status == 201 else {
                throw ClientError.invalidInput(
                    "“\(name)” was not attached: "
                        + AttachmentHTTP.refusal(status: status, body: body, size: Int64(data.count)))
            }
            if console.json {
                console.print(json: JSONOutput(reply))
            } else {
                console.print(
                    "Attached “\(reply["name"]?.stringValue ?? name)” (\(byteCount(Int64(data.count)))) to “\(item.title)”"
                )
            }
        }
    }

    public static func attachments(
        list reference: String, item itemReference: String, server: String?, console: Console
    ) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        let (view, _) = try await context.view(of: list)
        let item = try context.resolveItem(itemReference, in: view)
        if console.json {
            return console.print(json: JSONOutput([("attachments", item.raw["attachments"] ?? .array([]))]))
        }
        let files = item.attachments
        guard !files.isEmpty else {
            return console.print(
                "No files on “\(item.title)”. Add one: checkwire attach \"\(list.title)\" \"\(item.title)\" FILE")
        }
        let painter = console.painter
        for file in files {
            let line =
                "\(file.name)  "
                + painter.dim(
                    "\(byteCount(file.size)) · \(file.type) · by \(file.by) · \(String(file.id.rawValue.prefix(8)))")
            console.print(file.status == .cancelled ? painter.dim("[cancelled] ") + line : line)
        }
    }

    public static func download(
        list reference: String, item itemReference: String, name: String, output: String?, server: String?,
        console: Console
    ) async throws {
        let context = try context(server: server)
        defer { context.close() }
        _ = try await context.requireSession()
        guard let token = context.configuration.token else {
            throw ClientError.invalidInput("log in first: checkwire login")
        }
        let list = try await context.resolveList(reference)
        let (view, _) = try await context.view(of: list)
        let item = try context.resolveItem(itemReference, in: view)
        let matches = item.attachments.filter { $0.name == name || $0.id.rawValue.hasPrefix(name) }
        guard let file = matches.first(where: { $0.status != .cancelled }) ?? matches.first else {
            throw ClientError.invalidInput("no file “\(name)” on “\(item.title)”; `checkwire attachments` lists them")
        }
        let id = file.id.rawValue
        let target = output ?? file.name.replacingOccurrences(of: "/", with: "_")
        guard output != nil || !FileManager.default.fileExists(atPath: target) else {
            throw ClientError.invalidInput("\(target) exists; choose where to save with -o PATH")
        }
        if target != "-" { try AttachmentHTTP.checkWritable(target) }
        let (status, data, _) = try await AttachmentHTTP.download(
            URL(string: AttachmentHTTP.base(of: context.configuration.server) + "/attachments/" + id)!, token: token)
        guard status == 200 else {
            throw ClientError.invalidInput(
                "“\(file.name)” could not be downloaded: "
                    + AttachmentHTTP.refusal(status: status, body: Data(), size: 0))
        }
        // `-o -`: the bytes on standard output, for a pipe (`… -o - | convert - out.png`).
        if target == "-" { return StandardStreams.output(bytes: Array(data)) }
        try AttachmentHTTP.save(data, to: target)
        if console.json {
            return console.print(
                json: JSONOutput([("path", .string(target)), ("size", .number(JSONNumber(Int64(data.count))))]))
        }
        console.print("Saved \(target) (\(byteCount(Int64(data.count))))")
    }

    static func byteCount(_ bytes: Int64) -> String {
        ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
    }
}
