import ChecklistCore
public import ChecklistStore
import Credentials
import Foundation
public import Logging
import Transport
import Mail
import OutboundDelivery
import WebPush
import WireProtocol
import Metrics
import Synchronization

/// The Checkwire server: wiring between the transport, the hub, the store and the password
/// workers. The session logic is all in `Hub`; this class only carries out its actions.
///
/// Three kinds of thread. The lws service thread owns the hub (`ServiceThreadBound` checks
/// every access) and never waits: transport callbacks become hub inputs, and the hub's
/// actions become sends, store jobs and password jobs. The store thread runs store commands
/// in batches that commit together; their replies come back to the hub through one ordered
/// mailbox (`StoreReplyMailbox`, drained on the service thread) in commit order. Password
/// hashing runs on two small pools.
///
/// `@unchecked Sendable`: every mutable thing is the hub (service thread only, checked);
/// the rest is immutable or thread-safe.
public final class ChecklistServer: @unchecked Sendable {
    let configuration: ServerConfiguration
    let logger: Logger
    let store: any StoreBackend
    let hasher: PasswordHasher
    /// Signups and logins hash on separate pools, each shared out in turns per client address:
    /// a flood of signups cannot queue the logins of people who already have accounts, and a
    /// burst from one address cannot queue another address's (`PasswordWorkers`). Signups get
    /// one worker, at a lower CPU priority; logins get two for one job per address at a time
    /// and one, at a lower priority, for an address's second, so that another address's login
    /// finds a worker free and the cores.
    let signupWorkers = PasswordWorkers(name: "cw-signup", concurrency: 1, niceness: 10)
    let loginWorkers = PasswordWorkers(name: "cw-login", concurrency: 2, extraWorkers: 1)
    private(set) var transport: WebSocketServer!
    private(set) var bound: ServiceThreadBound<Hub>!
    /// Wakes the hub when the next reminder is due.
    private(set) var reminderWakeUp: WakeUpTimer!
    /// Wakes the hub when a congested checklist has held its writers long enough.
    private(set) var congestionWakeUp: WakeUpTimer!
    /// On a shared store, wakes the hub every `headCheckInterval` to check the heads of the
    /// checklists subscribed here (`Hub.headCheckDue`).
    private(set) var headCheckWakeUp: WakeUpTimer!
    /// Derives feed tokens and signs attachment links; kept in the store, so that every server
    /// on it shares it.
    let serverKey: ServerKey
    /// Tries a shared store again while it is failing, with no request needed (`HealthProbe`).
    let healthProbe = HealthProbe()
    /// Uploads whose bodies are arriving; service thread only (checked).
    private(set) var uploads: ServiceThreadBound<UploadTable>!
    /// Store replies on their way to the hub, in the order the store released them.
    let storeReplies = StoreReplyMailbox()
    let startedAt = Date()
    /// Sends reminders by Web Push on its own thread; `nil` without `--vapid-subject`.
    private(set) var pushSender: PushSender?
    /// Where fired reminders become push messages, off the service thread.
    let pushPreparation = DispatchQueue(label: "checkwire.push.prepare")
    /// Sends mail on its own thread; `nil` without `--smtp`.
    private(set) var mailSender: MailSender?
    /// The senders' totals on `/metrics`, made with the senders.
    private(set) var pushGauges: DeliveryGauges?
    private(set) var mailGauges: DeliveryGauges?
    /// Where mails are written, off the service thread.
    let mailPreparation = DispatchQueue(label: "checkwire.mail.prepare")
    /// Wakes the hub when a mail fallback or a digest is due.
    private(set) var mailWakeUp: WakeUpTimer!
    /// The port `start()` bound, for links in mail when there is no `--public-url`.
    private(set) var boundPort = 0
    /// When the log last warned of the tail's lag (uptime nanoseconds; 0: never).
    let tailLagWarnedAt = Mutex<UInt64>(0)

    /// Opens the store with `openStore` (the store factory, given the encoder the server's
    /// events are logged with); call `start()` to listen. The server never learns which back
    /// end the store is.
    public init(
        configuration: ServerConfiguration, logger: Logger = Logger(label: "checkwire"),
        openStore: (_ encodeEvent: @escaping EventEncoder) throws -> any StoreBackend
    ) throws {
        self.configuration = configuration
        self.logger = logger
        hasher = PasswordHasher(parameters: configuration.fastPasswordHashing ? .testing : .interactive)
        let decoyHash = try hasher.hash("decoy password that matches nothing")
        store = try openStore(ServerMessage.event)
        serverKey = ServerKey(bytes: store.serverKey)
        for note in store.startupNotes { logger.notice("\(note)", metadata: ["database": "\(store.location)"]) }
        // The same on every server of the store: derived from the key it keeps.
        let pushKeys = try VAPIDKeyPair(derivedFrom: store.serverKey)
        let hub = Self.makeHub(configuration, decoyHash: decoyHash, serverKey: serverKey, pushKeys: pushKeys)
        transport = WebSocketServer(configuration: Self.transportConfiguration(configuration), delegate: self)
        bound = ServiceThreadBound(hub) { [transport] in transport!.isServiceThread }
        uploads = ServiceThreadBound(UploadTable()) { [transport] in transport!.isServiceThread }
        makeWakeUps()
        watch(store, metrics: hub.metrics)
        try makeSenders(pushKeys: pushKeys, metrics: hub.metrics)
    }

    private static func makeHub(
        _ configuration: ServerConfiguration, decoyHash: String, serverKey: ServerKey, pushKeys: VAPIDKeyPair
    ) -> Hub {
        let hub = Hub(
            configuration: Hub.Configuration(
                maxRequestsInFlight: configuration.maxRequestsInFlight, decoyHash: decoyHash,
                signupsPerAddressPerHour: configuration.signupsPerAddressPerHour, serverKey: serverKey,
                publicURL: configuration.publicURL, usesTLS: configuration.tlsCertificatePath != nil,
                maxWriterPause: configuration.maxWriterPause,
                catchUpChunkBytes: max(16 << 10, configuration.maxUnsentBytes / 4),
                pushPublicKey: configuration.vapidSubject == nil ? nil : pushKeys.publicKeyBase64URL,
                allowLoopbackPush: configuration.allowLoopbackPush,
                mailAvailable: configuration.mail != nil,
                emailFallbackMilliseconds: Int64(((configuration.mail?.fallbackSeconds ?? 60) * 1000).rounded())
            ),
            newID: { UUID().uuidString.lowercased() },
            now: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
            wallClock: configuration.clock
        )
        hub.maxAttachmentBytes = configuration.maxAttachmentBytes
        return hub
    }

    /// The timers that wake the hub: each hands the hub its input on the service thread.
    private func makeWakeUps() {
        reminderWakeUp = hubWakeUp("checkwire.reminders.wakeup") { $0.wokeUp() }
        mailWakeUp = hubWakeUp("checkwire.mail.wakeup") { $0.mailWokeUp() }
        congestionWakeUp = hubWakeUp("checkwire.congestion.wakeup") { $0.congestionCheckDue() }
        headCheckWakeUp = hubWakeUp("checkwire.heads.wakeup") {
            $0.headCheckDue()
        } then: { server in
            server.healthProbe.probeIfFailing(server.store)
            if server.store.isOpen { server.headCheckWakeUp.schedule(inMilliseconds: Self.headCheckInterval) }
        }
    }

    private func hubWakeUp(
        _ label: String, _ input: @escaping @Sendable (Hub) -> Void,
        then after: @escaping @Sendable (ChecklistServer) -> Void = { _ in }
    ) -> WakeUpTimer {
        WakeUpTimer(label: label) { [weak self] in
            guard let self else { return }
            self.transport.execute { [self] in
                input(self.hub)
                performHubActions()
            }
            after(self)
        }
    }

    /// Logs each change of the store's health once, and counts its batches.
    private func watch(_ store: any StoreBackend, metrics: ServerMetrics) {
        store.healthChanged = { [logger, location = store.location] health in
            switch health {
            case .writable:
                logger.notice("the database takes writes again", metadata: ["database": "\(location)"])
            case .failing(let reason):
                logger.error(
                    "the database cannot be written; edits and signups get internal errors until it can",
                    metadata: ["cause": "\(reason)"])
            }
        }
        if case .failing = store.health { store.healthChanged(store.health) }
        store.batchCommitted = { jobs in
            metrics.storeBatches.increment()
            metrics.storeJobs.increment(by: jobs)
        }
    }

    /// The push and mail senders the configuration asks for, and their gauges on `/metrics`.
    private func makeSenders(pushKeys: VAPIDKeyPair, metrics: ServerMetrics) throws {
        pushSender = try Self.makePushSender(configuration: configuration, keys: pushKeys) { [weak self] outcome in
            self?.pushFinished(outcome)
        }
        mailSender = Self.makeMailSender(configuration: configuration) { [weak self] outcome in
            self?.mailFinished(outcome)
        }
        if pushSender != nil { pushGauges = DeliveryGauges(channel: "push", metrics: metrics) }
        if mailSender != nil { mailGauges = DeliveryGauges(channel: "mail", metrics: metrics) }
    }

    private static func transportConfiguration(_ configuration: ServerConfiguration) -> WebSocketServerConfiguration {
        var transport = WebSocketServerConfiguration()
        transport.host = configuration.host
        transport.port = configuration.port
        transport.publicDirectory = configuration.publicDirectory
        let paths = transportPaths(of: routes)
        transport.dynamicPaths = paths.dynamic
        transport.deferredPrefixes = paths.deferred
        transport.formPrefixes = paths.forms
        transport.uploadPrefixes = paths.uploads
        transport.maxUploadBytes = configuration.maxAttachmentBytes
        transport.maxMessageSize = configuration.maxMessageSize
        transport.maxUnsentBytes = configuration.maxUnsentBytes
        // Behind at a quarter of the bound, caught up at a sixteenth: a catch-up chunk (a
        // quarter) sent to a drained subscriber always fits (see `LiveCatchUps`).
        transport.behindBytes = configuration.maxUnsentBytes / 4
        transport.caughtUpBytes = configuration.maxUnsentBytes / 16
        transport.slowConsumerCloseCode = WebSocketCloseCode.slowConsumer
        transport.allowedOrigins = configuration.allowedOrigins
        transport.allowedHosts = configuration.allowedHosts
        transport.trustedProxies = configuration.trustedProxies
        transport.tlsCertificatePath = configuration.tlsCertificatePath
        transport.tlsPrivateKeyPath = configuration.tlsPrivateKeyPath
        transport.eventLoop = configuration.eventLoop
        transport.serverName = serverHeader
        return transport
    }

    /// The hub; service thread only (checked).
    var hub: Hub { bound.value }

    /// Starts listening; returns the bound port.
    public func start() throws -> Int {
        let port = try transport.start()
        boundPort = port
        buildPlanningIndex()
        transport.execute { [self] in
            // Whether this server runs the reminder scheduler is the store's to say, next.
            hub.leadsScheduling = false
            hub.start()
            performHubActions()
        }
        followOtherServers()
        logger.info(
            "listening",
            metadata: ["host": "\(configuration.host)", "port": "\(port)", "database": "\(store.location)"])
        return port
    }

    /// Queues the planning index's build as the store's first job: requests that arrive
    /// meanwhile wait for it, as the first `agenda` would have. In the background: with the
    /// database locked by another process it is given up at once (the first `agenda` builds the
    /// index then), so the first request waits for its own batch only.
    private func buildPlanningIndex() {
        let logger = logger
        let started = DispatchTime.now().uptimeNanoseconds
        store.submitInBackground(
            { store in
                do {
                    let items = try store.preparePlanning()
                    let milliseconds = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
                    logger.info("planning index built", metadata: ["items": "\(items)", "ms": "\(milliseconds)"])
                } catch {
                    logger.warning(
                        "planning index not built; the first agenda builds it", metadata: ["cause": "\(error)"])
                }
                return { _ in }
            },
            abandoned: { error in
                logger.warning(
                    "planning index not built; the first agenda builds it", metadata: ["cause": "\(error)"])
            })
    }

    // MARK: Carrying out the hub's actions

    /// Performs what the hub asked for since the last call. Service thread.
    func performHubActions() {
        hub.performActions { action in
            switch action {
            case .send(let frame, let connection, let requested):
                transport.send(frame, to: connection, requested: requested)
            case .broadcast(let frame, let connections):
                for connection in connections { transport.send(frame, to: connection) }
            case .deliverEvent(let frame, let origin, let connections):
                var refused: [ConnectionID] = []  // allocates only when someone refuses
                transport.broadcast(frame, to: connections, stream: origin.stream, refused: &refused)
                if !refused.isEmpty { hub.liveEventRefused(by: refused, list: origin.listID, seq: origin.seq) }
            case .watchDrain(let connection):
                transport.watchDrain(of: connection)
            case .resumeStream(let stream, let list, let connection):
                transport.resume(stream, for: connection)
                hub.liveStreamResumed(connection, list: list)
            case .close(let connection, let code, let reason):
                transport.close(connection, code: code, reason: reason)
            case .setReceiving(let enabled, let connection):
                transport.setReceiving(enabled, for: connection)
            case .store(let request):
                submit(request, to: store)
            case .password(let request):
                runPassword(request)
            case .wake(let at):
                reminderWakeUp.schedule(at: at, now: configuration.clock())
            case .checkCongestion(let seconds):
                congestionWakeUp.schedule(inMilliseconds: Int((seconds * 1000).rounded(.up)))
            case .respondHTTP(let response, let request):
                transport.respond(to: request, with: response)
            case .push(let deliveries):
                send(deliveries)
            case .mail(let mail):
                send(mail)
            case .wakeMail(let at):
                mailWakeUp.schedule(at: at, now: configuration.clock())
            }
        }
    }

    /// Runs a store command on the store thread; its reply re-enters the hub after the commit,
    /// through `storeReplies`, so replies reach the hub in commit order.
    ///
    /// Every command is answered: with its result, with a failure when its batch did not commit,
    /// or with a failure when it could not run at all (the database locked or unwritable), so
    /// no connection ever waits for a reply that will not come.
    private func submit<Backend: StoreBackend>(_ request: StoreRequest, to backend: Backend) {
        let started = ContinuousClock.now
        let timing = request.command.isEdit ? hub.metrics.editCommitTime : hub.metrics.readTime
        let id = request.id
        let command = request.command
        let answer: @Sendable (Result<StoreReply, StoreError>) -> Void = { [self] result in
            let reply = StoreReplyMailbox.Reply(
                response: StoreResponse(id: id, result: result), timing: timing, submitted: started)
            if storeReplies.post(reply) { transport.execute { [self] in deliverStoreReplies() } }
        }
        let job: @Sendable (Backend.Storage) -> Backend.AfterCommit = { storage in
            let result = StoreCommandRunner.run(command, on: storage)
            return { committed in answer(committed ? result : .failure(.failure("the batch did not commit"))) }
        }
        if command.runsInBackground {
            backend.submitInBackground(job, abandoned: { error in answer(.failure(error)) })
        } else {
            backend.submit(job, lookAhead: command.lookAhead, abandoned: { error in answer(.failure(error)) })
        }
    }

    /// Hands every store reply that arrived since the last call to the hub, in order, then
    /// performs the hub's actions once for all of them (service thread).
    private func deliverStoreReplies() {
        let replies = storeReplies.takeAll()
        let now = ContinuousClock.now
        for reply in replies {
            reply.timing.record(duration: now - reply.submitted)
            hub.storeCompleted(reply.response)
        }
        performHubActions()
    }

    /// Runs a store command whose reply goes somewhere other than the hub (an HTTP answer).
    func runOnStore(_ command: StoreCommand, then answer: @escaping @Sendable (Result<StoreReply, StoreError>) -> Void)
    {
        store.submit(
            { storage in
                let result = StoreCommandRunner.run(command, on: storage)
                return { committed in answer(committed ? result : .failure(.failure("the batch did not commit"))) }
            }, abandoned: { error in answer(.failure(error)) })
    }

    private func runPassword(_ request: PasswordRequest) {
        let workers = request.job.isSignup ? signupWorkers : loginWorkers
        let accepted = workers.run(source: request.source) { [self] in
            let outcome = PasswordWork.perform(request.job, hasher: hasher)
            transport.execute { [self] in
                hub.passwordCompleted(PasswordResponse(id: request.id, outcome: outcome))
                performHubActions()
            }
        }
        // Called from inside `performActions`: what this adds is performed by the same loop.
        if !accepted { hub.passwordCompleted(PasswordResponse(id: request.id, outcome: .failed(.busy))) }
    }
}
