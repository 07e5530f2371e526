import Foundation
import LoopbackTestSupport
import WebPush

/// `Tests/python/push_service.py` as a child process: subscriptions made by it, scripted
/// answers, and what it received, decrypted with `http-ece` and checked with `py-vapid`.
final class PushServiceProcess {
    let server: PythonTestServer
    var origin: String { "http://127.0.0.1:\(server.port)" }

    init() throws {
        server = try PythonTestServer(script: "push_service.py")
    }

    deinit { server.stop() }

    /// A new subscription, as a browser would make it (the service holds its private key).
    func subscribe() throws -> PushSubscription {
        let reply = try json(request("POST", "/subscriptions")) as! [String: Any]
        let keys = reply["keys"] as! [String: String]
        return try PushSubscription(
            endpoint: reply["endpoint"] as! String, p256dh: keys["p256dh"]!, auth: keys["auth"]!, allowLoopback: true)
    }

    /// The answers the next requests to `subscription` get, in order (then 201).
    func script(_ subscription: PushSubscription, _ answers: [[String: Any]]) throws {
        _ = try request("PUT", "/script/\(id(of: subscription))", body: JSONSerialization.data(withJSONObject: answers))
    }

    /// Lets a request held by a `hang` answer finish (with 201).
    func release(_ subscription: PushSubscription) throws {
        _ = try request("PUT", "/release/\(id(of: subscription))")
    }

    /// What arrived, in order (for one subscription, or all).
    func messages(for subscription: PushSubscription? = nil) throws -> [[String: Any]] {
        let query = subscription.map { "?id=\(id(of: $0))" } ?? ""
        return try json(request("GET", "/messages" + query)) as! [[String: Any]]
    }

    func id(of subscription: PushSubscription) -> String { subscription.endpoint.lastPathComponent }

    private func json(_ body: [UInt8]) throws -> Any { try JSONSerialization.jsonObject(with: Data(body)) }

    /// One HTTP/1.1 exchange on a fresh connection.
    private func request(_ method: String, _ path: String, body: Data = Data()) throws -> [UInt8] {
        let socket = try RawSocket(port: server.port, timeoutSeconds: 30)
        try socket.write(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        )
        try socket.write(Array(body))
        var (head, rest) = try socket.readHeaders()
        head = head.lowercased()
        let length =
            head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        while rest.count < length {
            let chunk = try socket.read()
            if chunk.isEmpty { break }
            rest += chunk
        }
        return rest
    }
}
