import ChecklistCore
import Foundation
import Transport
import WireProtocol

/// Creates what a Checkwire run needs over one ordinary connection: the accounts, the
/// lists, a few items per list, and the sharing with the subscribers' account.
///
/// Requests are pipelined in batches (the protocol answers a connection's requests in order),
/// so setting up a thousand lists takes a few round trips, not thousands. They are the wire
/// vocabulary's `Request` values, the type the server decodes, not hand-built JSON.
struct SetupClient {
    struct Accounts {
        var ownerToken: String
        /// The account every subscriber authenticates as (a viewer on every list).
        var subscriberToken: String
        /// Its username and password, for a probe that logs in as it.
        var subscriberLogin: (username: String, password: String)
    }

    struct Lists {
        /// List ids as text, like `items`: the writers splice them into hand-written JSON
        /// (see `BenchEngine.listIDs`); set-up wraps them as `ListID` only for its `Request`s.
        var ids: [String]
        /// Item ids per list, for the writers' `updateItem`s.
        var items: [[String]]
        /// Each list's head after setup.
        var heads: [Int64]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let connection: WebSocketConnection

    static func connect(url: String) async throws -> SetupClient {
        do {
            return SetupClient(connection: try await WebSocketConnection.connect(url: url, timeout: .seconds(10)))
        } catch let error as WebSocketConnectionError {
            throw Failure(description: "cannot reach the Checkwire server at \(url): \(error)")
        }
    }

    func close() { connection.close() }

    /// Signs up (or logs in) the owner and signs up a fresh viewer account.
    func accounts(tag: String, username: String?, password: String?) async throws -> Accounts {
        let ownerToken: String
        if let username, let password {
            ownerToken = try await authenticate(.login(username: username, password: password))
            return Accounts(
                ownerToken: ownerToken, subscriberToken: ownerToken, subscriberLogin: (username, password))
        }
        let secret = "bench-\(UUID().uuidString)"
        ownerToken = try await authenticate(.signup(username: "bench-\(tag)-o", password: secret))
        let viewerToken = try await authenticate(.signup(username: "bench-\(tag)-v", password: secret))
        // Back to the owner for the setup edits.
        _ = try await authenticate(.auth(token: ownerToken))
        return Accounts(
            ownerToken: ownerToken, subscriberToken: viewerToken, subscriberLogin: ("bench-\(tag)-v", secret))
    }

    /// Creates `count` lists (or takes `existing`), adds `itemsPerList` items to each, and
    /// shares each with `viewer` (when given).
    func lists(
        count: Int, existing: [String], itemsPerList: Int, viewer: String?, tag: String, opIDPrefix: String
    ) async throws -> Lists {
        var ids = existing
        var heads = [Int64](repeating: 0, count: max(count, existing.count))
        if ids.isEmpty {
            let replies = try await pipeline(
                (0..<count).map { index in
                    op(
                        OpID.setup(prefix: opIDPrefix, "list.\(index)"),
                        .createList(id: nil, Edit.NewList(title: "bench \(tag) \(index)")))
                })
            ids = try replies.map { reply in
                guard let id = reply["list"]?.stringValue else {
                    throw Failure(description: "createList: \(reply.encodedString)")
                }
                return id
            }
        }
        var requests: [Request] = []
        for (listIndex, id) in ids.enumerated() {
            for item in 0..<itemsPerList {
                let new = Edit.NewItem(id: ItemID(UUID().uuidString.lowercased()), title: "bench item \(item)")
                requests.append(
                    op(OpID.setup(prefix: opIDPrefix, "item.\(listIndex).\(item)"), .edit(ListID(id), .addItem(new))))
            }
        }
        var items = [[String]](repeating: [], count: ids.count)
        let itemReplies = try await pipeline(requests)
        for (index, reply) in itemReplies.enumerated() {
            guard let item = reply["id"]?.stringValue, let seq = reply["seq"]?.int64Value else {
                throw Failure(description: "addItem: \(reply.encodedString)")
            }
            items[index / itemsPerList].append(item)
            heads[index / itemsPerList] = max(heads[index / itemsPerList], seq)
        }
        if let viewer {
            let shares = try await pipeline(
                ids.enumerated().map { index, id in
                    op(
                        OpID.setup(prefix: opIDPrefix, "share.\(index)"),
                        .share(ListID(id), username: viewer, role: .viewer))
                })
            for (index, reply) in shares.enumerated() {
                guard let seq = reply["seq"]?.int64Value else {
                    throw Failure(description: "share: \(reply.encodedString)")
                }
                heads[index] = max(heads[index], seq)
            }
        }
        return Lists(ids: ids, items: items, heads: Array(heads.prefix(ids.count)))
    }

    private func op(_ opID: String, _ operation: OperationRequest) -> Request {
        Request(ref: nil, body: .op(opID: opID, operation))
    }

    private func authenticate(_ body: Request.Body) async throws -> String {
        let reply = try await pipeline([Request(ref: nil, body: body)])[0]
        guard reply["type"]?.stringValue == "authed" else {
            throw Failure(description: "authentication failed: \(reply.encodedString)")
        }
        if case .auth(let token) = body { return token }
        return reply["token"]?.stringValue ?? ""
    }

    /// Sends the requests in batches of 500 and returns their replies in order.
    private func pipeline(_ requests: [Request]) async throws -> [JSONValue] {
        var replies: [JSONValue] = []
        replies.reserveCapacity(requests.count)
        var start = 0
        while start < requests.count {
            let batch = requests[start..<min(start + 500, requests.count)]
            for request in batch { connection.send(.text(request.encoded())) }
            var received = 0
            while received < batch.count {
                let message = try await connection.receive(timeout: .seconds(30))
                let value = try JSONParser.parse(message.bytes)
                switch value["type"]?.stringValue {
                case "event", "listShared": continue  // not replies
                case "error": throw Failure(description: "setup request failed: \(value.encodedString)")
                default:
                    replies.append(value)
                    received += 1
                }
            }
            start += batch.count
        }
        return replies
    }
}

extension JSONValue {
    var encodedString: String { String(decoding: encoded(), as: UTF8.self) }
}
