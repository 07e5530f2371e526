/// A WebSocket close to perform once a connection's queued frames are written.
struct CloseRequest: Equatable {
    var code: UInt16
    var reason: String
}
