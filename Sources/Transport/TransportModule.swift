// Transport: WebSocket and small-HTTP I/O over libwebsockets 4.1.6.
//
// What it is: a thin Swift wrapper that moves bytes and connection ids. `WebSocketServer`
// (one lws context, one service thread) delivers reassembled, size-checked messages to its
// delegate and writes shared `OutboundFrame`s; `WebSocketClient` is the same for outgoing
// connections (terminal client, load tester, tests), with `WebSocketConnection` as an async
// convenience on top.
//
// What it never imports or knows: checklists, JSON, the wire protocol, storage, logging
// frameworks. It depends on CLibWebSockets, on COpenSSL for the bulk client's masking keys
// and handshake digest, and on Glibc/Dispatch; the server wiring decides what bytes mean.
//
// Threading rule: every lws call happens on the engine's service thread; the only
// cross-thread lws call is `lws_cancel_service` (inside `ServiceLoop`).
