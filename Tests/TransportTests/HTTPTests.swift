import Foundation
import Testing
@testable import Transport

@Suite("Static files and dynamic HTTP paths", .serialized)
struct HTTPTests {
    /// A temporary public directory with one file per content type the web client uses.
    static func makePublicDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("checkwire-transport-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files: [String: String] = [
            "index.html": "<!doctype html><title>Checkwire</title>",
            "app.js": "export const x = 1;",
            "style.css": "body { margin: 0 }",
            "icon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "data.json": "{\"ok\":true}",
            "logo.png": "PNG",
            "favicon.ico": "ICO",
        ]
        for (name, content) in files {
            try Data(content.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory.path
    }

    @Test(
        "static files are served with the right content type", .timeLimit(.minutes(5)),
        arguments: [
            ("/", "text/html"),
            ("/index.html", "text/html"),
            ("/app.js", "text/javascript"),
            ("/style.css", "text/css"),
            ("/icon.svg", "image/svg+xml"),
            ("/data.json", "application/json"),
            ("/logo.png", "image/png"),
            ("/favicon.ico", "image/x-icon"),
        ])
    func staticFile(path: String, contentType: String) throws {
        let directory = try Self.makePublicDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let test = try TestServer { $0.publicDirectory = directory }
        defer { test.stop() }
        let response = try RawHTTP.get(port: test.port, path: path)
        #expect(response.status == 200)
        #expect(response.headers["content-type"]?.hasPrefix(contentType) == true)
        let file = path == "/" ? "/index.html" : path
        let expected = try Data(contentsOf: URL(fileURLWithPath: directory + file))
        #expect(response.body == Array(expected))
    }

    @Test("a missing file is 404, promptly", .timeLimit(.minutes(5)))
    func missingFile() throws {
        let directory = try Self.makePublicDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let test = try TestServer { $0.publicDirectory = directory }
        defer { test.stop() }
        #expect(try RawHTTP.get(port: test.port, path: "/missing.txt").status == 404)
        #expect(try RawHTTP.get(port: test.port, path: "/../etc/passwd").status != 200)
    }

    @Test("without a public directory every non-dynamic path is 404", .timeLimit(.minutes(5)))
    func noPublicDirectory() throws {
        let test = try TestServer()
        defer { test.stop() }
        #expect(try RawHTTP.get(port: test.port, path: "/").status == 404)
        #expect(try RawHTTP.get(port: test.port, path: "/ws").status == 404)
    }

    @Test("a dynamic path is answered by the delegate", .timeLimit(.minutes(5)), arguments: [true, false])
    func dynamicPath(withPublicDirectory: Bool) throws {
        let directory = try Self.makePublicDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let test = try TestServer(
            configure: {
                $0.dynamicPaths = ["/healthz", "/metrics"]
                if withPublicDirectory { $0.publicDirectory = directory }
            },
            prepare: {
                $0.httpResponses["/healthz"] = HTTPResponse(status: 200, body: Array("ok\n".utf8))
                $0.httpResponses["/metrics"] = HTTPResponse(
                    status: 503, contentType: "application/json", body: Array("{}".utf8))
            }
        )
        defer { test.stop() }
        let health = try RawHTTP.get(port: test.port, path: "/healthz")
        #expect(health.status == 200)
        #expect(health.body == Array("ok\n".utf8))
        #expect(health.headers["content-type"] == "text/plain; charset=utf-8")
        let metrics = try RawHTTP.get(port: test.port, path: "/metrics")
        #expect(metrics.status == 503)
        #expect(metrics.headers["content-type"] == "application/json")
        #expect(try RawHTTP.get(port: test.port, path: "/healthz/extra").status == 404)
    }
}
