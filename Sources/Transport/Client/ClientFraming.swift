/// Who parses a client connection's WebSocket frames.
public enum ClientFraming: Sendable {
    /// libwebsockets' own client (the default; the only choice for `wss://`).
    case libwebsockets
    /// The engine, over an lws raw socket, with bulk frame parsing (`ServerFrameReader`).
    ///
    /// Why: lws 4.1.6 feeds every received byte through a per-byte state machine, which was
    /// two thirds of the load tester's CPU. Used for `ws://` only; `wss://` falls back to
    /// `.libwebsockets`.
    case bulk
}
