/// The process-wide client engine behind `WebSocketConnection`, started on first use.
struct SharedClientEngine: Sendable {
    let client: WebSocketClient
    let router: ConnectionRouter

    static let instance: Result<SharedClientEngine, any Error> = Result {
        let router = ConnectionRouter()
        let client = WebSocketClient(delegate: router)
        try client.start()
        return SharedClientEngine(client: client, router: router)
    }
}
