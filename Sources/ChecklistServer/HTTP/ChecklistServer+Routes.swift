public import Transport

/// What an HTTP route of the server does with a request.
enum ServerRoute: Sendable {
    /// Answered at once on the service thread, from what the server holds (`/healthz`, `/metrics`).
    case immediate(@Sendable (ChecklistServer) -> HTTPResponse)
    /// Answered later, through `transport.respond(to:with:)`: the answer needs the store.
    case deferred(@Sendable (ChecklistServer, HTTPRequest) -> Void)
    /// A body the transport streams to the upload delegate (`ChecklistServer+Uploads`).
    case upload
}

/// Every HTTP path the server answers besides the static files of `Public/` and the WebSocket
/// at `/ws`. To add one, add a line here: the transport's mounts (`transportPaths`) follow from
/// this table.
extension ChecklistServer {
    static let routes: HTTPRouter<ServerRoute> = {
        var router = HTTPRouter<ServerRoute>()
        router.add(["GET"], .exact("/healthz"), .immediate { $0.healthResponse() })
        router.add(["GET"], .exact("/metrics"), .immediate { $0.metricsResponse() })
        router.add(["GET"], .prefix("/feed"), .deferred { $0.answerFeed($1) })
        router.add(["GET"], .prefix("/attachments"), .deferred { $0.answerDownload($1) })
        router.add(["PUT"], .prefix("/attachments"), .upload)
        router.add(["GET"], .prefix("/email"), .deferred { $0.answerUnknownMailLink($1) })
        router.add(["GET"], .prefix("/email/verify"), .deferred { $0.answerVerificationLink($1) })
        router.add(["GET"], .prefix("/email/unsubscribe"), .deferred { $0.answerUnsubscribePage($1) })
        router.add(["POST"], .prefix("/email/unsubscribe"), .deferred { $0.answerUnsubscribe($1) })
        return router
    }()

    /// The transport's view of `routes`: exact paths it asks `httpResponseFor` about, prefixes
    /// whose GETs it defers, prefixes whose POSTs are forms and whose PUTs are uploads.
    static func transportPaths(
        of router: HTTPRouter<ServerRoute>
    ) -> (dynamic: [String], deferred: [String], forms: [String], uploads: [String]) {
        var dynamic: [String] = []
        var prefixes: [(path: String, methods: Set<String>)] = []
        for route in router.routes {
            switch (route.pattern, route.handler) {
            case (.exact(let path), .immediate): dynamic.append(path)
            case (.prefix(let path), _): prefixes.append((path, route.methods))
            case (.exact, _): assertionFailure("only immediate routes may be exact paths")
            }
        }
        let uploads = prefixes.filter { $0.methods.contains("PUT") }.map(\.path)
        let forms = prefixes.filter { $0.methods.contains("POST") }.map(\.path)
        // One mount per tree: a prefix below another deferred prefix, or an upload prefix
        // (whose GETs the transport defers already), needs none of its own.
        let readable = Set(prefixes.filter { $0.methods.contains("GET") }.map(\.path))
        let deferred = readable.filter { path in
            !uploads.contains(path)
                && !readable.contains { $0 != path && HTTPRouter<ServerRoute>.Pattern.prefix($0).matches(path) }
        }
        return (dynamic.sorted(), deferred.sorted(), forms.sorted(), uploads.sorted())
    }

    /// A GET or HEAD of an exact route (the transport checked the method).
    public func webSocketServer(_ server: WebSocketServer, httpResponseFor path: String) -> HTTPResponse {
        guard case .found(.immediate(let answer)) = Self.routes.match(method: "GET", path: path) else {
            return Self.notFoundResponse
        }
        return answer(self)
    }

    /// A request under a deferred prefix: a GET or HEAD, or a form's POST.
    public func webSocketServer(_ server: WebSocketServer, didReceive request: HTTPRequest) {
        switch Self.routes.match(method: request.method, path: request.path) {
        case .found(.deferred(let answer)):
            answer(self, request)
        case .methodNotAllowed(let allowed):
            transport.respond(
                to: request.id,
                with: HTTPResponse(
                    status: 405,
                    body: Array(
                        "method not allowed: \(request.path) answers \(allowed.joined(separator: ", "))\n".utf8),
                    headers: [("Allow", allowed.joined(separator: ", "))]))
        case .found, .notFound:
            transport.respond(to: request.id, with: Self.notFoundResponse)
        }
    }

    static let notFoundResponse = HTTPResponse(status: 404, body: Array("not found\n".utf8))
}
