@testable import ChecklistServer
import Testing

/// The route table (`HTTPRouter`): which route a method and a path reach, and the 404s and 405s.
@Suite struct HTTPRouterTests {
    /// Routes that lead to their own names, so a match says which route it was.
    static let router: HTTPRouter<String> = {
        var router = HTTPRouter<String>()
        router.add(["GET"], .prefix("/email"), "unknown link")
        router.add(["POST"], .prefix("/email/unsubscribe"), "unsubscribe")
        router.add(["GET"], .prefix("/email/unsubscribe"), "unsubscribe page")
        router.add(["GET"], .exact("/healthz"), "health")
        router.add(["GET"], .prefix("/attachments"), "download")
        router.add(["PUT"], .prefix("/attachments"), "upload")
        return router
    }()

    static func handler(_ method: String, _ path: String) -> String? {
        if case .found(let handler) = router.match(method: method, path: path) { handler } else { nil }
    }

    @Test func anExactPathMatchesItselfOnly() {
        #expect(Self.handler("GET", "/healthz") == "health")
        #expect(Self.handler("GET", "/healthz/") == nil)
        #expect(Self.handler("GET", "/healthzx") == nil)
    }

    @Test func aPrefixMatchesItselfAndWhatIsBelowItButNotASibling() {
        #expect(Self.handler("GET", "/attachments") == "download")
        #expect(Self.handler("GET", "/attachments/abc") == "download")
        #expect(Self.handler("GET", "/attachments/abc/def") == "download")
        #expect(Self.handler("GET", "/attachmentsx") == nil)
        #expect(Self.handler("GET", "/email-settings") == nil)
    }

    @Test func theMostSpecificPrefixWinsWhateverTheOrderOfAdding() {
        #expect(Self.handler("GET", "/email/unsubscribe/0123") == "unsubscribe page")
        #expect(Self.handler("GET", "/email/verify/0123") == "unknown link")
        #expect(Self.handler("GET", "/email") == "unknown link")
        var reversed = HTTPRouter<String>()
        for route in Self.router.routes.reversed() {
            reversed.add(Array(route.methods), route.pattern, route.handler)
        }
        if case .found(let handler) = reversed.match(method: "GET", path: "/email/unsubscribe/0123") {
            #expect(handler == "unsubscribe page")
        } else {
            Issue.record("no route")
        }
    }

    @Test func theMethodChoosesBetweenRoutesOfTheSamePath() {
        #expect(Self.handler("POST", "/email/unsubscribe/0123") == "unsubscribe")
        #expect(Self.handler("PUT", "/attachments") == "upload")
        #expect(Self.handler("GET", "/attachments/abc") == "download")
        #expect(Self.handler("post", "/email/unsubscribe/0123") == "unsubscribe", "method names are case-blind")
    }

    @Test func aRouteThatTakesGETTakesHEAD() {
        #expect(Self.handler("HEAD", "/healthz") == "health")
        #expect(Self.handler("HEAD", "/email/unsubscribe/0123") == "unsubscribe page")
    }

    @Test func aKnownPathWithAnotherMethodIs405WithTheMethodsItTakes() {
        guard case .methodNotAllowed(let allowed) = Self.router.match(method: "DELETE", path: "/attachments/abc") else {
            Issue.record("expected a 405")
            return
        }
        #expect(allowed == ["GET", "HEAD", "PUT"])
        guard case .methodNotAllowed(let health) = Self.router.match(method: "POST", path: "/healthz") else {
            Issue.record("expected a 405")
            return
        }
        #expect(health == ["GET", "HEAD"])
    }

    @Test func aPathNoRouteHasIs404() {
        guard case .notFound = Self.router.match(method: "GET", path: "/nothing/here") else {
            Issue.record("expected a 404")
            return
        }
        guard case .notFound = HTTPRouter<String>().match(method: "GET", path: "/") else {
            Issue.record("an empty table answers nothing")
            return
        }
    }

    /// The transport mounts what the server's table needs: one mount per tree, uploads and
    /// forms by their methods.
    @Test func theServersTableGivesTheTransportItsPaths() {
        let paths = ChecklistServer.transportPaths(of: ChecklistServer.routes)
        #expect(paths.dynamic == ["/healthz", "/metrics"])
        #expect(paths.deferred == ["/email", "/feed"])
        #expect(paths.forms == ["/email/unsubscribe"])
        #expect(paths.uploads == ["/attachments"])
    }

    @Test func theServersRoutesLeadWhereTheyShould() {
        func kind(_ method: String, _ path: String) -> String {
            switch ChecklistServer.routes.match(method: method, path: path) {
            case .found(.immediate): "immediate"
            case .found(.deferred): "deferred"
            case .found(.upload): "upload"
            case .methodNotAllowed: "405"
            case .notFound: "404"
            }
        }
        #expect(kind("GET", "/metrics") == "immediate")
        #expect(kind("HEAD", "/healthz") == "immediate")
        #expect(kind("GET", "/feed/abc.ics") == "deferred")
        #expect(kind("PUT", "/attachments") == "upload")
        #expect(kind("POST", "/email/unsubscribe/abc") == "deferred")
        #expect(kind("POST", "/email/verify/abc") == "405")
        #expect(kind("POST", "/metrics") == "405")
        #expect(kind("GET", "/index.html") == "404", "static files are the transport's, not routes")
    }
}
