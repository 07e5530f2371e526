/// A table of HTTP routes, each a set of methods and a path pattern, looked up by method and
/// path: the most specific pattern that takes the method wins; a path some route has but not
/// for this method is a 405 with the methods it takes; any other path is a 404.
///
/// A value, generic over what a route leads to, so that the table is tested on its own
/// (`HTTPRouterTests`) and the server's routes read as one list (`ChecklistServer+Routes`).
struct HTTPRouter<Handler: Sendable>: Sendable {
    /// Which paths a route answers.
    enum Pattern: Hashable, Sendable {
        /// This path only.
        case exact(String)
        /// This path and every path below it: `/feed` takes `/feed` and `/feed/x.ics`, not `/feedx`.
        case prefix(String)

        func matches(_ path: String) -> Bool {
            switch self {
            case .exact(let exact): path == exact
            case .prefix(let prefix):
                path == prefix || (path.hasPrefix(prefix) && path.dropFirst(prefix.count).first == "/")
            }
        }

        /// Exact paths before prefixes, longer prefixes before shorter ones.
        var specificity: Int {
            switch self {
            case .exact: Int.max
            case .prefix(let prefix): prefix.utf8.count
            }
        }

        var path: String {
            switch self {
            case .exact(let path), .prefix(let path): path
            }
        }
    }

    struct Route: Sendable {
        /// Upper-case method names; a route that takes `GET` takes `HEAD` too (answered with the
        /// GET's headers and no body).
        let methods: Set<String>
        let pattern: Pattern
        let handler: Handler
    }

    enum Match {
        case found(Handler)
        /// The path has routes, none for this method; `allowed` is for the `Allow` header.
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    private(set) var routes: [Route] = []

    /// Adds a route. Routes are kept most specific first, so the order of `add`s does not matter.
    mutating func add(_ methods: [String], _ pattern: Pattern, _ handler: Handler) {
        var taken = Set(methods.map { $0.uppercased() })
        if taken.contains("GET") { taken.insert("HEAD") }
        routes.append(Route(methods: taken, pattern: pattern, handler: handler))
        // Stable: of two routes equally specific, the first added is tried first.
        routes = routes.enumerated().sorted {
            ($0.element.pattern.specificity, -$0.offset) > ($1.element.pattern.specificity, -$1.offset)
        }.map(\.element)
    }

    func match(method: String, path: String) -> Match {
        let candidates = routes.filter { $0.pattern.matches(path) }
        guard !candidates.isEmpty else { return .notFound }
        let method = method.uppercased()
        if let route = candidates.first(where: { $0.methods.contains(method) }) { return .found(route.handler) }
        let allowed = Set(candidates.flatMap(\.methods))
        return .methodNotAllowed(
            allowed: Self.methodOrder.filter(allowed.contains) + allowed.subtracting(Self.methodOrder).sorted())
    }

    /// The order methods are listed in an `Allow` header.
    private static var methodOrder: [String] { ["GET", "HEAD", "POST", "PUT", "DELETE"] }
}
