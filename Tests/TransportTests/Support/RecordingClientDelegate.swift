import Synchronization
@testable import Transport

/// A client delegate that records every event in order.
final class RecordingClientDelegate: WebSocketClientDelegate, Sendable {
    enum Event: Equatable {
        case connected(ConnectionID)
        case failed(ConnectionID, String)
        case received(ConnectionID, WebSocketMessage)
        case closed(ConnectionID, UInt16?)
    }

    let events = Mutex<[Event]>([])

    func webSocketClient(_ client: WebSocketClient, didConnect connection: ConnectionID) {
        events.withLock { $0.append(.connected(connection)) }
    }

    func webSocketClient(_ client: WebSocketClient, didFailToConnect connection: ConnectionID, reason: String) {
        events.withLock { $0.append(.failed(connection, reason)) }
    }

    func webSocketClient(_ client: WebSocketClient, didReceive message: WebSocketMessage, from connection: ConnectionID)
    {
        events.withLock { $0.append(.received(connection, message)) }
    }

    func webSocketClient(_ client: WebSocketClient, didClose connection: ConnectionID, code: UInt16?, reason: String) {
        events.withLock { $0.append(.closed(connection, code)) }
    }

    var snapshot: [Event] { events.withLock { $0 } }
}
