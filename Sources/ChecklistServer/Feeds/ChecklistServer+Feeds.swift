import ChecklistCore
import ChecklistStore
import Credentials
import Dispatch
import Transport

/// `GET /feed/<token>.ics[?components=VTODO]`: a user's calendar feed, answered from the
/// store without the hub (no session, no WebSocket), through the transport's deferred HTTP.
extension ChecklistServer {
    func answerFeed(_ request: HTTPRequest) {
        let respond = { [transport] (response: HTTPResponse) in transport!.respond(to: request.id, with: response) }
        let file = request.path.dropFirst("/feed/".count)
        guard request.path.hasPrefix("/feed/"), file.hasSuffix(".ics"), FeedToken.isWellFormed(file.dropLast(4)) else {
            return respond(Self.feedNotFound)
        }
        let components: CalendarFeed.Components
        switch request.query["components"]?.uppercased() {
        case nil, "", "VEVENT": components = .events
        case "VTODO": components = .todos
        default:
            return respond(
                HTTPResponse(status: 400, body: Array("components must be VEVENT (the default) or VTODO\n".utf8)))
        }
        guard !hub.draining else { return respond(HTTPResponse(status: 503, body: Array("shutting down\n".utf8))) }
        let now = configuration.clock()
        let command = StoreCommand.feedDocument(
            tokenHash: FeedToken(text: String(file.dropLast(4))).storedHash, components: components,
            ifNoneMatch: request.headers["if-none-match"], now: now
        )
        runOnStore(command) { [transport] result in
            // The answer comes on the store thread: write the calendar elsewhere.
            DispatchQueue.global().async {
                let response = Self.feedResponse(result, now: now)
                transport!.execute { transport!.respond(to: request.id, with: response) }
            }
        }
    }

    static let feedNotFound = HTTPResponse(
        status: 404, body: Array("no calendar here: the link is wrong, or it was replaced by a new one\n".utf8))

    static func feedResponse(_ result: Result<StoreReply, StoreError>, now: Timestamp) -> HTTPResponse {
        guard case .success(.feed(let document)) = result else {
            return HTTPResponse(
                status: 503, body: Array("the calendar cannot be read right now; try again shortly\n".utf8),
                headers: [("Retry-After", "60")])
        }
        // `no-cache`: keep it, but ask each time (a 304 costs little; see `FeedDocument`).
        let caching: [(name: String, value: String)] = [
            ("Cache-Control", "private, no-cache"), ("X-Content-Type-Options", "nosniff"),
        ]
        switch document {
        case .notFound:
            return feedNotFound
        case .notModified(let etag):
            return HTTPResponse(
                status: 304, contentType: "text/calendar; charset=utf-8", body: [], headers: [("ETag", etag)] + caching)
        case .calendar(let etag, let feed):
            return HTTPResponse(
                status: 200, contentType: "text/calendar; charset=utf-8", body: Array(feed.text(now: now).utf8),
                headers: [("ETag", etag), ("Content-Disposition", "inline; filename=\"checkwire.ics\"")] + caching
            )
        }
    }
}
