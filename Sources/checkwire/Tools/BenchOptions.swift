import ArgumentParser
import ChecklistClient
import LoadTest
import Transport

/// `checkwire bench`'s options.
struct BenchOptions: ParsableArguments {
    @Argument(help: "fanout, lists, reconnect or idle.")
    var scenario: String = "fanout"

    @Option(help: "What to drive: checkwire or nchan.")
    var target: String = "checkwire"

    @Option(
        help: ArgumentHelp(
            "Checkwire WebSocket URL (default ws://127.0.0.1:8080/ws); repeat it for the nodes of one cluster (servers on one PostgreSQL).",
            discussion:
                "With several, the accounts and lists are made on the first; writers and each list's subscribers are spread evenly over the nodes, and edit → delivery latency is reported for the same node and across nodes."
        ))
    var url: [String] = []

    @Option(help: "nchan WebSocket subscriber location; the channel name is appended (e.g. ws://127.0.0.1:8090/sub).")
    var nchanSub: String?

    @Option(help: "nchan HTTP publisher location; the channel name is appended (e.g. http://127.0.0.1:8090/pub).")
    var nchanPub: String?

    @Option(name: [.short, .long], help: "Subscribers in total (≤ 19000).")
    var subscribers: Int = 1000

    @Option(name: [.short, .long], help: "Writers.")
    var writers: Int = 1

    @Option(help: "Of the subscribers, how many stop reading once subscribed (a frozen tab); left out of the figures.")
    var nonReaders: Int = 0

    @Option(help: "Lists (nchan channels) for the lists and idle scenarios.")
    var lists: Int = 1

    @Option(name: [.short, .long], help: "Edits per second over all writers; omit to send as fast as acks allow.")
    var rate: Double?

    @Option(help: "Edits in flight per writer.")
    var window: Int = 32

    @Option(name: [.short, .long], help: "At most this many edits.")
    var edits: Int = 10_000

    @Option(name: [.short, .long], help: "Write for at most this many seconds.")
    var duration: Double = 10

    @Option(help: "New connections per second while ramping up (default: as fast as they complete).")
    var ramp: Double?

    @Option(help: "Connections being opened at once while ramping.")
    var maxConnecting: Int = 500

    @Option(help: "reconnect: events written while the subscribers are away.")
    var behind: Int = 10_000

    @Option(
        help: ArgumentHelp(
            "Start the server from this checkwire binary (127.0.0.1, a fresh database) instead of using --url.",
            discussion:
                "With reconnect, the server is restarted (SIGTERM, then a new process on the same database and port) and every client comes back on the reconnect schedule of Checkwire's clients."
        ))
    var serve: String?

    @Option(help: "reconnect with --serve: seconds of live editing before the restart.")
    var restartAfter: Double = 2

    @Option(help: "reconnect with --serve: seconds the server stays down after it exited.")
    var down: Double = 0

    @Option(help: "reconnect with --serve: seconds the clients may take to come back before they count as given up.")
    var stormTimeout: Double = 60

    @Option(
        parsing: .upToNextOption,
        help:
            "reconnect with --serve: the clients' first reconnect window and its cap, in ms (default: Checkwire's clients', 250 and 1500)."
    )
    var reconnectWindow: [Int] = []

    @Option(help: "idle: seconds to hold the connections before measuring.")
    var hold: Double = 2

    @Option(help: "Seconds to wait for the last deliveries after the last edit.")
    var drainTimeout: Double = 15

    @Option(help: "Hard limit on the whole run, in seconds.")
    var timeout: Double = 300

    @Option(
        name: .customLong("server-pid"),
        help: "A local server process to sample for CPU and RSS; repeatable (nginx master and workers).")
    var serverPIDs: [Int32] = []

    @Option(help: "Use this existing account (owner of the lists) instead of signing up new ones.")
    var user: String?

    @Option(help: "The existing account's password.")
    var password: String?

    @Option(name: .customLong("list"), help: "Use this existing list id; repeatable.")
    var listIDs: [String] = []

    @Option(help: "nchan: published message size in bytes (use Checkwire's event size for a fair comparison).")
    var messageSize: Int = 400

    @Flag(
        help:
            "Parse received frames with libwebsockets' own per-byte client parser instead of in bulk (slower; for comparison)."
    )
    var lwsFraming = false

    @Option(
        name: .customLong("client-event-loop"),
        help:
            "What the load tester's own thread waits on: poll (default) or epoll (much less CPU with thousands of mostly idle subscribers)."
    )
    var clientEventLoop = "poll"

    @Option(
        name: .customLong("op-ids"),
        help:
            "How the writers' opIds sort: time (default; like the UUIDv7s of Checkwire's own clients) or random (like a UUIDv4 client's)."
    )
    var opIDs = "time"

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Flag(help: "No progress lines on standard error.")
    var quiet = false

    @Flag(help: "Exit with status 2 when the exactly-once, in-order check fails.")
    var strict = false

    func benchConfiguration() throws -> BenchConfiguration {
        var configuration = BenchConfiguration()
        guard let scenario = BenchConfiguration.Scenario(rawValue: scenario) else {
            throw ValidationError("unknown scenario \(scenario); use fanout, lists, reconnect or idle")
        }
        configuration.scenario = scenario
        configuration.bulkFraming = !lwsFraming
        guard let eventLoop = EventLoopBackend(rawValue: clientEventLoop) else {
            throw ValidationError("unknown event loop \(clientEventLoop); use epoll or poll")
        }
        configuration.eventLoop = eventLoop
        guard let opIDOrder = OpID.Order(rawValue: opIDs) else {
            throw ValidationError("unknown --op-ids \(opIDs); use time or random")
        }
        configuration.opIDOrder = opIDOrder
        switch target {
        case "checkwire":
            let urls = url.isEmpty ? ["ws://127.0.0.1:8080/ws"] : url
            configuration.target = .checkwire(url: urls[0])
            configuration.moreURLs = Array(urls.dropFirst())
        case "nchan":
            guard let nchanSub, let nchanPub else {
                throw ValidationError("--target nchan needs --nchan-sub and --nchan-pub")
            }
            configuration.target = .nchan(subscribeBase: nchanSub, publishBase: nchanPub)
        default:
            throw ValidationError("unknown target \(target); use checkwire or nchan")
        }
        guard (user == nil) == (password == nil) else { throw ValidationError("--user and --password go together") }
        configuration.subscribers = subscribers
        configuration.writers = writers
        configuration.nonReaders = nonReaders
        configuration.lists = lists
        configuration.rate = rate
        configuration.window = window
        configuration.edits = edits
        configuration.duration = duration
        configuration.rampRate = ramp
        configuration.maxConnecting = maxConnecting
        configuration.behind = behind
        configuration.serveBinary = serve
        configuration.restartAfter = restartAfter
        configuration.downSeconds = down
        configuration.stormTimeout = stormTimeout
        if !reconnectWindow.isEmpty {
            guard reconnectWindow.count == 2, reconnectWindow[0] > 0, reconnectWindow[1] >= reconnectWindow[0] else {
                throw ValidationError("--reconnect-window takes two values, FIRST and CAP in ms, 0 < FIRST ≤ CAP")
            }
            configuration.reconnectSchedule = Backoff(
                initial: .milliseconds(reconnectWindow[0]), maximum: .milliseconds(reconnectWindow[1]))
        }
        configuration.hold = hold
        configuration.drainTimeout = drainTimeout
        configuration.timeout = timeout
        configuration.serverPIDs = serverPIDs
        configuration.username = user
        configuration.password = password
        configuration.listIDs = listIDs
        configuration.messageSize = messageSize
        configuration.progress = !quiet
        if let problem = configuration.validate() { throw ValidationError(problem) }
        return configuration
    }
}
