@testable import Transport

/// A started server on 127.0.0.1 and an ephemeral port, with a recording delegate.
struct TestServer {
    let server: WebSocketServer
    let delegate: RecordingServerDelegate
    let port: Int

    var url: String { "ws://127.0.0.1:\(port)/ws" }

    init(
        configure: (inout WebSocketServerConfiguration) -> Void = { _ in },
        prepare: (RecordingServerDelegate) -> Void = { _ in }
    ) throws {
        var configuration = WebSocketServerConfiguration()
        configuration.port = 0
        configure(&configuration)
        delegate = RecordingServerDelegate()
        prepare(delegate)
        server = WebSocketServer(configuration: configuration, delegate: delegate)
        delegate.server = server
        port = try server.start()
    }

    func stop() {
        server.stop()
    }
}

/// Polls `condition` until it holds or `timeout` passes; returns whether it held.
func eventually(timeout: Duration = .seconds(5), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}
