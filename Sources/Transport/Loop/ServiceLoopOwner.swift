/// The engine-specific half of a `ServiceLoop` (the server or the client engine).
///
/// Every method is called on the service thread only, in this order: `makeContext` once; then
/// `serviceTurnDidEnd` after each service turn; after a stop request, `beginShutdown` once and
/// `isShutdownComplete` after each turn; finally `contextDidDestroy` once, after
/// `lws_context_destroy` has fired every CLOSED.
protocol ServiceLoopOwner: AnyObject {
    /// Creates the lws context. Runs on the service thread because lws contexts are
    /// thread-confined from birth (the creating thread is the one that services it).
    /// `foreignLoop` is the libev loop to run lws on (`EventLoopBackend.epoll`), or `nil`
    /// for lws's own poll() loop; see `LWSEventLoop.attach`.
    func makeContext(foreignLoop: OpaquePointer?) throws -> OpaquePointer

    /// One turn of the loop (everything that was ready) has been handled: the place to write
    /// what the turn queued.
    func serviceTurnDidEnd()

    /// A stop was requested: refuse new connections and start closing the open ones.
    func beginShutdown()

    /// True once nothing is left to close gracefully (the loop may destroy the context).
    var isShutdownComplete: Bool { get }

    /// The context is gone: release memory it referenced and any leftover per-connection state.
    func contextDidDestroy()
}

extension ServiceLoopOwner {
    func serviceTurnDidEnd() {}
}
