/// The engine-specific half of a `ServiceLoop` (the server or the client engine).
///
/// Every method is called on the service thread only, in this order: `makeContext` once; then,
/// after a stop request, `beginShutdown` once and `isShutdownComplete` after each service turn;
/// finally `contextDidDestroy` once, after `lws_context_destroy` has fired every CLOSED.
protocol ServiceLoopOwner: AnyObject {
    /// Creates the lws context. Runs on the service thread because lws contexts are
    /// thread-confined from birth (the creating thread is the one that services it).
    func makeContext() throws -> OpaquePointer

    /// A stop was requested: refuse new connections and start closing the open ones.
    func beginShutdown()

    /// True once nothing is left to close gracefully (the loop may destroy the context).
    var isShutdownComplete: Bool { get }

    /// The context is gone: release memory it referenced and any leftover per-connection state.
    func contextDidDestroy()
}
