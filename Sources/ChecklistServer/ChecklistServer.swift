import ChecklistCore
import ChecklistStore
import Credentials
import Foundation
import Logging
import Transport
import WireProtocol

/// The Checkwire server: WebSocket sessions, authentication, authorization,
/// subscriptions and fan-out, glued to the store.
///
/// Two threads do the work. The lws service thread (the transport's) owns every session
/// and subscription and never waits: it decodes requests and hands edits to the store
/// thread, whose results come back through `WebSocketServer.execute` in the order the
/// store produced them. Password hashing runs on `PasswordWorkers`.
///
/// `@unchecked Sendable`: the mutable state (`sessions`, `subscriptions`, `throttle`,
/// `metrics`, `draining`) is touched only on the service thread, which `service` checks;
/// everything else is immutable or thread-safe.
public final class ChecklistServer: @unchecked Sendable {
    let configuration: ServerConfiguration
    let logger: Logger
    let store: StoreExecutor
    let hasher: PasswordHasher
    let passwordWorkers = PasswordWorkers()
    /// A hash to verify against when the username is unknown, so that both cases take as long.
    let decoyHash: String
    private(set) var transport: WebSocketServer!

    var sessions: [ConnectionID: ClientSession] = [:]
    var subscriptions = SubscriptionTable()
    var throttle = LoginThrottle()
    var metrics = ServerMetrics()
    var draining = false
    let startedAt = Date()

    /// Opens (and migrates) the database; call `start()` to listen.
    public init(configuration: ServerConfiguration, logger: Logger = Logger(label: "checkwire")) throws {
        self.configuration = configuration
        self.logger = logger
        hasher = PasswordHasher(parameters: configuration.fastPasswordHashing ? .testing : .interactive)
        decoyHash = try hasher.hash("decoy password that matches nothing")
        store = try StoreExecutor(path: configuration.databasePath, encodeEvent: ServerMessage.event)
        var transportConfiguration = WebSocketServerConfiguration()
        transportConfiguration.host = configuration.host
        transportConfiguration.port = configuration.port
        transportConfiguration.publicDirectory = configuration.publicDirectory
        transportConfiguration.dynamicPaths = ["/healthz", "/metrics"]
        transportConfiguration.maxMessageSize = configuration.maxMessageSize
        transportConfiguration.maxUnsentBytes = configuration.maxUnsentBytes
        transportConfiguration.slowConsumerCloseCode = WebSocketCloseCode.slowConsumer
        transportConfiguration.allowedOrigins = configuration.allowedOrigins
        transportConfiguration.tlsCertificatePath = configuration.tlsCertificatePath
        transportConfiguration.tlsPrivateKeyPath = configuration.tlsPrivateKeyPath
        transportConfiguration.eventLoop = configuration.eventLoop
        transport = WebSocketServer(configuration: transportConfiguration, delegate: self)
    }

    /// Starts listening; returns the bound port.
    public func start() throws -> Int {
        let port = try transport.start()
        logger.info("listening", metadata: ["host": "\(configuration.host)", "port": "\(port)", "database": "\(configuration.databasePath)"])
        return port
    }

    /// Graceful stop: stop taking requests, let every queued edit commit and its reply go
    /// out, then close every connection with 1001 and close the database.
    public func stop() {
        let drained = DispatchSemaphore(value: 0)
        transport.execute { [self] in
            draining = true
            drained.signal()
        }
        _ = drained.wait(timeout: .now() + 2)
        store.close()
        let flushed = DispatchSemaphore(value: 0)
        transport.execute { flushed.signal() }
        _ = flushed.wait(timeout: .now() + 2)
        transport.stop(closeCode: WebSocketCloseCode.goingAway)
        logger.info("stopped")
    }

    /// The service-thread check every access to session state goes through.
    func assertServiceThread() {
        precondition(transport.isServiceThread, "session state is confined to the lws service thread")
    }

    // MARK: Replies

    /// `requested`: part of a replay or snapshot the client asked for, which may exceed the
    /// slow-consumer bound (see `WebSocketServer.send(_:to:requested:)`).
    func send(_ bytes: [UInt8], to connection: ConnectionID, requested: Bool = false) {
        transport.send(OutboundFrame(text: bytes), to: connection, requested: requested)
    }

    /// Delivers `reply` for `ticket` once every earlier request of the connection has been answered.
    func complete(_ session: ClientSession, ticket: UInt64, _ reply: @escaping () -> Void) {
        for deliver in session.sequencer.complete(ticket, with: reply) { deliver() }
        if session.receivingPaused, session.requestsWaiting <= configuration.maxRequestsInFlight / 2,
           sessions[session.connection] === session {
            session.receivingPaused = false
            transport.setReceiving(true, for: session.connection)
        }
    }

    /// Answers a request at once (in order) with an error.
    func reject(_ session: ClientSession, _ error: WireError, opID: String? = nil, ref: String? = nil) {
        metrics.errors += 1
        let ticket = session.sequencer.issue()
        let bytes = ServerMessage.error(error, opID: opID, ref: ref)
        complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
    }

    /// Runs `job` on the store thread; `finish` gets its result on the service thread after the commit.
    func submit<Result: Sendable>(
        _ job: @escaping @Sendable (ChecklistStore) throws(StoreError) -> Result,
        then finish: @escaping @Sendable (Swift.Result<Result, StoreError>) -> Void
    ) {
        store.submit { [transport] store in
            let outcome: Swift.Result<Result, StoreError>
            do throws(StoreError) { outcome = .success(try job(store)) } catch { outcome = .failure(error) }
            return { committed in
                let final = committed ? outcome : .failure(StoreError.failure("the batch did not commit"))
                transport!.execute { finish(final) }
            }
        }
    }
}
