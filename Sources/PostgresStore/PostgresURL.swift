public import ChecklistStore
import Foundation

/// A `--database postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE]` value, read
/// and checked before anything connects. Its `description` masks the password, so it may go
/// into log lines and error messages.
public struct PostgresURL: Hashable, Sendable, CustomStringConvertible {
    /// How the connection is encrypted, with libpq's names and meanings.
    public enum SSLMode: String, CaseIterable, Hashable, Sendable {
        /// Never encrypted.
        case disable
        /// Encrypted when the server offers it, without checking its certificate (libpq's default).
        case prefer
        /// Always encrypted, the certificate not checked.
        case require
        /// Always encrypted, the certificate checked against the system's roots and the host name.
        case verifyFull = "verify-full"
    }

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var sslMode: SSLMode

    /// Whether a `--database` value names PostgreSQL rather than a SQLite file.
    public static func names(_ database: String) -> Bool {
        database.hasPrefix("postgres://") || database.hasPrefix("postgresql://")
    }

    /// Reads the URL; the error says what is wrong with it (never quoting the password).
    public init(_ text: String) throws(StoreError) {
        guard Self.names(text), let components = URLComponents(string: text) else {
            throw .failure(
                "\(Self.masked(text)) is not a PostgreSQL URL: write postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
        }
        guard let user = components.user, !user.isEmpty else {
            throw .failure("\(Self.masked(text)) names no user: write postgres://USER@HOST/DATABASE")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .failure("\(Self.masked(text)) names no host: write postgres://USER@HOST/DATABASE")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw .failure("\(Self.masked(text)) names no database: write postgres://USER@HOST/DATABASE")
        }
        var sslMode = SSLMode.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else {
                throw .failure("\(Self.masked(text)): unknown parameter \(item.name) (only sslmode is read)")
            }
            guard let mode = item.value.flatMap(SSLMode.init(rawValue:)) else {
                throw .failure(
                    "\(Self.masked(text)): sslmode must be one of "
                        + SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            sslMode = mode
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw .failure("\(Self.masked(text)): the port must be between 1 and 65535")
        }
        self.user = components.user?.removingPercentEncoding ?? user
        self.password = components.password?.removingPercentEncoding
        self.host = host
        self.port = components.port ?? 5432
        self.database = database.removingPercentEncoding ?? database
        self.sslMode = sslMode
    }

    public var description: String {
        "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
    }

    /// `text` with whatever stands between `:` and `@` after the scheme replaced by `***`.
    static func masked(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].lastIndex(of: "@") else {
            return text
        }
        let credentials = text[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }
}
