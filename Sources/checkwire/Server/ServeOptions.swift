import ArgumentParser
import ChecklistCore
import ChecklistServer
import ChecklistStore
import Foundation
import Logging
import Mail
import Transport
import WebPush

/// `checkwire serve`'s options. Each falls back to a `CHECKWIRE_*` environment variable,
/// then to a default that works on one machine.
struct ServeOptions: ParsableArguments {
    @Option(help: "Address to listen on (env CHECKWIRE_HOST; default 127.0.0.1, 0.0.0.0 for all).")
    var host: String?

    @Option(help: "Port to listen on, 0 for any free one (env CHECKWIRE_PORT; default 8080).")
    var port: Int?

    @Option(
        help:
            "Where the data lives: a SQLite database file, created on first start, or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require|verify-full] for a PostgreSQL database several servers share (env CHECKWIRE_DATABASE; default ./checkwire.sqlite)."
    )
    var database: String?

    @Option(
        name: .customLong("public"), help: "Web client directory served at / (env CHECKWIRE_PUBLIC; default ./Public).")
    var publicDirectory: String?

    @Option(help: "TLS certificate (PEM) for wss:// and https:// (env CHECKWIRE_TLS_CERT).")
    var tlsCert: String?

    @Option(help: "TLS private key (PEM) (env CHECKWIRE_TLS_KEY).")
    var tlsKey: String?

    @Option(help: "Largest WebSocket message in bytes (env CHECKWIRE_MAX_MESSAGE_SIZE; default 65536).")
    var maxMessageSize: Int?

    @Option(
        help:
            "Signup attempts one client address may make per hour, 0 for no limit (env CHECKWIRE_MAX_SIGNUPS_PER_HOUR; default 100)."
    )
    var maxSignupsPerHour: Int?

    @Option(
        help:
            "MiB of checklists kept in memory, by estimate; the least recently used are dropped and reloaded when needed (env CHECKWIRE_CACHE_MIB; default 256)."
    )
    var cacheMib: Int?

    @Option(help: "Checklists one user may own (env CHECKWIRE_MAX_LISTS_PER_USER; default 10000).")
    var maxListsPerUser: Int?

    @Option(help: "Items one checklist may hold (env CHECKWIRE_MAX_ITEMS_PER_LIST; default 10000).")
    var maxItemsPerList: Int?

    @Option(help: "MiB of event log one user's edits may add (env CHECKWIRE_MAX_STORED_MIB_PER_USER; default 256).")
    var maxStoredMibPerUser: Int?

    @Option(
        name: .customLong("allowed-host"),
        help:
            "A Host name requests may use besides the defaults (loopback names when bound to loopback; any when bound to all interfaces); repeatable, * for any (env CHECKWIRE_ALLOWED_HOSTS, comma-separated)."
    )
    var allowedHosts: [String] = []

    @Option(
        name: .customLong("trusted-proxy"),
        help:
            "An address range (10.0.0.0/8, 192.168.1.7, fd00::/8) of reverse proxies whose X-Forwarded-For names the client, for the per-address limits; repeatable (env CHECKWIRE_TRUSTED_PROXY, comma-separated; default: none, the TCP peer counts)."
    )
    var trustedProxies: [String] = []

    @Option(
        help:
            "The address clients reach this server at, such as https://lists.example.org, for the links it gives out (calendar feeds) (env CHECKWIRE_PUBLIC_URL; default: the Host each client connected to)."
    )
    var publicURL: String?

    @Option(
        help:
            "Folder of the attachment file store (env CHECKWIRE_ATTACHMENTS; default DATABASE-attachments beside the database); with PostgreSQL, which holds the bytes, a local cache of them (default: in the system's temporary folder)."
    )
    var attachments: String?

    @Option(
        help:
            "Largest file one upload may carry: bytes, or with K, M or G (env CHECKWIRE_MAX_ATTACHMENT_SIZE; default 20M)."
    )
    var maxAttachmentSize: String?

    @Option(
        help:
            "Most bytes of attachments the server stores, each file once, with K, M or G; 0 for no limit (env CHECKWIRE_MAX_ATTACHMENTS_TOTAL; default 0)."
    )
    var maxAttachmentsTotal: String?

    @Option(
        name: .customLong("allowed-origin"),
        help:
            "A browser Origin allowed besides the server's own; repeatable, * for any (env CHECKWIRE_ALLOWED_ORIGINS, comma-separated)."
    )
    var allowedOrigins: [String] = []

    @Option(
        help:
            "epoll, or poll for libwebsockets' own loop (env CHECKWIRE_EVENT_LOOP; default epoll, which needs the libwebsockets-evlib-ev package)."
    )
    var eventLoop: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical (env CHECKWIRE_LOG_LEVEL; default info).")
    var logLevel: String?

    @Option(
        help:
            "Where push services reach this server's operator, a mailto: address or https: URL; turns Web Push on (env CHECKWIRE_VAPID_SUBJECT; default: no push)."
    )
    var vapidSubject: String?

    @Option(
        help:
            "The mail relay, smtp://HOST[:PORT] (STARTTLS, port 587 by default) or smtps://HOST[:PORT] (TLS, 465), with the user in the URL (smtp://USER@HOST) or in the password file; turns email on (env CHECKWIRE_SMTP; default: no mail)."
    )
    var smtp: String?

    @Option(
        help:
            "A file whose first line is the relay's password, or USER:PASSWORD when --smtp names no user (env CHECKWIRE_SMTP_PASSWORD_FILE)."
    )
    var smtpPasswordFile: String?

    @Option(
        help: "PEM certificates to trust for the relay instead of the system's (env CHECKWIRE_SMTP_CA_FILE).")
    var smtpCaFile: String?

    @Option(
        help:
            "The From of every mail, an address or \"Name <address>\"; needed with --smtp (env CHECKWIRE_MAIL_FROM)."
    )
    var mailFrom: String?

    @Option(
        help:
            "Seconds a reminder waits for a device to take it (live or by push) before it is mailed (env CHECKWIRE_EMAIL_FALLBACK; default 60)."
    )
    var emailFallback: Double?

    @Option(help: ArgumentHelp("Seconds to add to the server's clock (tests only).", visibility: .hidden))
    var clockOffset: Double?

    @Flag(
        help: ArgumentHelp(
            "Also accept push endpoints at http://127.0.0.1:PORT/ (tests only: clients could make the server POST to its own ports).",
            visibility: .hidden))
    var allowLoopbackPush = false

    @Flag(help: .hidden)
    var fastPasswordHashing = false

    @Option(
        help: ArgumentHelp(
            "Also run an echo WebSocket server on this port, at /autobahn, for the Autobahn|Testsuite (scripts/autobahn.sh). Tests only.",
            visibility: .hidden))
    var autobahnEcho: Int?

    /// The store's options: `--database` (the store factory decides which back end it names),
    /// the attachments folder, the cache and the per-user limits.
    func storeConfiguration() throws -> StoreConfiguration {
        var configuration = StoreConfiguration(
            database: database ?? Environment.value("CHECKWIRE_DATABASE") ?? "checkwire.sqlite")
        configuration.attachmentsDirectory = attachments ?? Environment.value("CHECKWIRE_ATTACHMENTS")
        let cacheMib = try cacheMib ?? Environment.value("CHECKWIRE_CACHE_MIB").map(Self.integer) ?? 256
        guard cacheMib > 0 else { throw ValidationError("--cache-mib must be at least 1") }
        configuration.cacheBytes = cacheMib << 20
        configuration.limits = StoreLimits(
            listsPerUser: try maxListsPerUser ?? Environment.value("CHECKWIRE_MAX_LISTS_PER_USER").map(Self.integer)
                ?? 10_000,
            itemsPerList: try maxItemsPerList ?? Environment.value("CHECKWIRE_MAX_ITEMS_PER_LIST").map(Self.integer)
                ?? 10_000,
            storedBytesPerUser: (try maxStoredMibPerUser ?? Environment.value("CHECKWIRE_MAX_STORED_MIB_PER_USER").map(
                Self.integer) ?? 256) << 20
        )
        guard configuration.limits.listsPerUser > 0, configuration.limits.itemsPerList > 0,
            configuration.limits.storedBytesPerUser > 0
        else {
            throw ValidationError(
                "--max-lists-per-user, --max-items-per-list and --max-stored-mib-per-user must be at least 1")
        }
        return configuration
    }

    /// A repeatable flag's values, or else its environment variable's, comma-separated; empty
    /// entries dropped.
    static func repeated(_ flags: [String], or variable: String) -> [String] {
        let values =
            flags.isEmpty
            ? (Environment.value(variable)?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? [])
            : flags
        return values.filter { !$0.isEmpty }
    }

    func serverConfiguration() throws -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = host ?? Environment.value("CHECKWIRE_HOST") ?? "127.0.0.1"
        configuration.port = try port ?? Environment.value("CHECKWIRE_PORT").map(Self.integer) ?? 8080
        configuration.publicDirectory = Self.absoluteDirectory(
            publicDirectory ?? Environment.value("CHECKWIRE_PUBLIC") ?? "Public")
        configuration.tlsCertificatePath = tlsCert ?? Environment.value("CHECKWIRE_TLS_CERT")
        configuration.tlsPrivateKeyPath = tlsKey ?? Environment.value("CHECKWIRE_TLS_KEY")
        guard (configuration.tlsCertificatePath == nil) == (configuration.tlsPrivateKeyPath == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together")
        }
        configuration.maxMessageSize =
            try maxMessageSize ?? Environment.value("CHECKWIRE_MAX_MESSAGE_SIZE").map(Self.integer) ?? 65536
        configuration.allowedOrigins = Set(Self.repeated(allowedOrigins, or: "CHECKWIRE_ALLOWED_ORIGINS"))
        configuration.allowedHosts = Set(Self.repeated(allowedHosts, or: "CHECKWIRE_ALLOWED_HOSTS"))
        do {
            configuration.trustedProxies = try TrustedProxies(
                Self.repeated(trustedProxies, or: "CHECKWIRE_TRUSTED_PROXY"))
        } catch {
            throw ValidationError(error.description)
        }
        if let url = publicURL ?? Environment.value("CHECKWIRE_PUBLIC_URL") {
            guard url.hasPrefix("http://") || url.hasPrefix("https://"), !url.dropFirst(8).isEmpty else {
                throw ValidationError(
                    "--public-url must start with http:// or https://, such as https://lists.example.org")
            }
            configuration.publicURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        }
        configuration.maxAttachmentBytes = try Self.size(
            maxAttachmentSize ?? Environment.value("CHECKWIRE_MAX_ATTACHMENT_SIZE") ?? "20M")
        configuration.maxAttachmentsTotalBytes = try Self.size(
            maxAttachmentsTotal ?? Environment.value("CHECKWIRE_MAX_ATTACHMENTS_TOTAL") ?? "0")
        guard configuration.maxAttachmentBytes > 0 else {
            throw ValidationError("--max-attachment-size must be more than 0")
        }
        configuration.signupsPerAddressPerHour =
            try maxSignupsPerHour
            ?? Environment.value("CHECKWIRE_MAX_SIGNUPS_PER_HOUR").map(Self.integer) ?? 100
        guard configuration.signupsPerAddressPerHour >= 0 else {
            throw ValidationError("--max-signups-per-hour must be 0 or more")
        }
        configuration.fastPasswordHashing = fastPasswordHashing || Environment.flag("CHECKWIRE_FAST_PASSWORD_HASHING")
        configuration.vapidSubject = vapidSubject ?? Environment.value("CHECKWIRE_VAPID_SUBJECT")
        if let subject = configuration.vapidSubject {
            do throws(PushConfigurationError) { _ = try VAPIDSubject(subject) } catch {
                throw ValidationError(error.description)
            }
        }
        configuration.allowLoopbackPush = allowLoopbackPush
        configuration.mail = try mailConfiguration()
        if let clockOffset, clockOffset != 0 {
            let offset = Int64((clockOffset * 1000).rounded())
            configuration.clock = { Timestamp(milliseconds: Timestamp(Date()).milliseconds + offset) }
        }
        let loopName = eventLoop ?? Environment.value("CHECKWIRE_EVENT_LOOP") ?? "epoll"
        guard let loop = EventLoopBackend(rawValue: loopName.lowercased()) else {
            throw ValidationError("unknown event loop \(loopName); use epoll or poll")
        }
        configuration.eventLoop = loop
        return configuration
    }

    /// `--smtp` and its companions, checked at start: a relay URL or sender that cannot work
    /// stops the server with a message, before anything is sent.
    func mailConfiguration() throws -> MailConfiguration? {
        guard let url = smtp ?? Environment.value("CHECKWIRE_SMTP") else {
            if mailFrom != nil || smtpPasswordFile != nil {
                throw ValidationError("--mail-from and --smtp-password-file need --smtp (the relay to send through)")
            }
            return nil
        }
        guard let from = mailFrom ?? Environment.value("CHECKWIRE_MAIL_FROM") else {
            throw ValidationError("--smtp needs --mail-from, the address mail comes from (reminders@example.org)")
        }
        var password: String?
        if let path = smtpPasswordFile ?? Environment.value("CHECKWIRE_SMTP_PASSWORD_FILE") {
            do { password = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw ValidationError("--smtp-password-file \(path) cannot be read: \(error.localizedDescription)")
            }
        }
        let configuration: MailConfiguration
        do throws(MailConfigurationError) {
            let relay = try SMTPRelay(
                url: url, passwordFile: password, caFile: smtpCaFile ?? Environment.value("CHECKWIRE_SMTP_CA_FILE"))
            let sender: Mailbox
            do throws(MailAddressError) { sender = try Mailbox(parsing: from) } catch {
                throw MailConfigurationError.invalidSender("--mail-from: \(error.description)")
            }
            configuration = MailConfiguration(relay: relay, from: sender)
        } catch {
            throw ValidationError(error.description)
        }
        var mail = configuration
        let fallback = try emailFallback ?? Environment.value("CHECKWIRE_EMAIL_FALLBACK").map(Self.seconds) ?? 60
        guard fallback >= 0, fallback <= 86_400 else {
            throw ValidationError("--email-fallback must be from 0 to 86400 seconds")
        }
        mail.fallbackSeconds = fallback
        return mail
    }

    private static func seconds(_ text: String) throws -> Double {
        guard let value = Double(text) else { throw ValidationError("\(text) is not a number of seconds") }
        return value
    }

    func resolvedLogLevel() throws -> Logger.Level {
        let name = logLevel ?? Environment.value("CHECKWIRE_LOG_LEVEL") ?? "info"
        guard let level = Logger.Level(rawValue: name.lowercased()) else {
            throw ValidationError(
                "unknown log level \(name); use trace, debug, info, notice, warning, error or critical")
        }
        return level
    }

    /// `20M`, `512K`, `1G` (binary units) or plain bytes.
    static func size(_ text: String) throws -> Int64 {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let unit = trimmed.last.flatMap { units[$0] } ?? 1
        let digits = unit == 1 ? trimmed : String(trimmed.dropLast())
        guard let value = Int64(digits), value >= 0, value <= Int64.max / unit else {
            throw ValidationError("\(text) is not a size; write bytes, or a number with K, M or G (20M)")
        }
        return value * unit
    }

    private static func integer(_ text: String) throws -> Int {
        guard let value = Int(text) else { throw ValidationError("\(text) is not a whole number") }
        return value
    }

    /// The directory as an absolute path, or `nil` when it does not exist (no files served).
    private static func absoluteDirectory(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        return url.standardizedFileURL.path
    }
}
