import ChecklistStore
import Transport

/// `GET /healthz`: 200 while the server takes requests and its database takes writes, else 503
/// with the reason on the first line (`healthBody`).
extension ChecklistServer {
    func healthResponse() -> HTTPResponse {
        guard store.isOpen, !hub.draining else {
            return HTTPResponse(status: 503, body: Self.healthBody("store closed"))
        }
        if case .failing(let reason) = store.health {
            return HTTPResponse(status: 503, body: Self.healthBody("database not writable: \(reason)"))
        }
        return HTTPResponse(status: 200, body: Self.healthBody("ok"))
    }
}
