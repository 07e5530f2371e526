import Foundation
import Testing
import WireProtocol

/// Every terminal command against a real server, run as the `checkwire` binary.
@Suite(.serialized) struct CommandTests {
    /// A server, and alice signed up in her own HOME.
    static func setUp() async throws -> (LiveServer, CLI) {
        let server = try LiveServer()
        let alice = try CLI(server: server.url)
        try await alice.signUp("alice")
        return (server, alice)
    }

    @Test func signupSavesAPrivateSessionAndLogoutForgetsIt() async throws {
        let (server, alice) = try await Self.setUp()
        defer { server.shutdown(); alice.remove() }
        let file = alice.home.appendingPathComponent(".config/checkwire/credentials")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let saved = try JSONParser.parse(Array(try Data(contentsOf: file)))
        #expect(saved["username"]?.stringValue == "alice")
        #expect(saved["server"]?.stringValue == server.url)
        #expect(saved["token"]?.stringValue?.isEmpty == false)

        let login = try await alice.ok(["login", "ALICE", "--password-stdin", "--json"], input: "correct horse\n")
        #expect(try login.json()["username"]?.stringValue == "alice")

        let wrong = try await alice.run(["login", "alice", "--password-stdin"], input: "wrong password\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.split(separator: "\n").count == 1)
        #expect(wrong.stderr.contains("The username or password is wrong"), "plain words: \(wrong.stderr)")
        #expect(!wrong.stderr.contains("unauthorized"), "no wire codes outside --json")
        #expect(!wrong.stderr.contains("token"), "no protocol words")
        let wrongJSON = try await alice.run(
            ["login", "alice", "--password-stdin", "--json"], input: "wrong password\n")
        #expect(try wrongJSON.json()["error"]?["code"]?.stringValue == "unauthorized", "the code stays in --json")

        let logout = try await alice.ok(["logout", "--json"])
        #expect(try logout.json()["revoked"]?.boolValue == true)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let after = try await alice.run(["lists"])
        #expect(after.status != 0 && after.stderr.contains("not logged in"))
    }

    @Test func newAddShowAndListsWithTheirJSONShapes() async throws {
        let (server, alice) = try await Self.setUp()
        defer { server.shutdown(); alice.remove() }
        let created = try await alice.ok(["new", "CS 298", "--due", "2027-03-12", "--description", "Spring", "--json"])
            .json()
        #expect(created["ok"]?.boolValue == true && created["queued"]?.boolValue == false)
        #expect(created["op"]?.stringValue == "createList" && created["seq"]?.intValue == 1)
        let listID = try #require(created["id"]?.stringValue)

        let homework = try await alice.ok([
            "add", "CS 298", "Homework 2", "--due", "2027-03-10 17:00", "--location", "Library",
            "--every", "1d", "--notes", "chapter 3", "--json",
        ]).json()
        #expect(homework["op"]?.stringValue == "addItem" && homework["list"]?.stringValue == listID)
        try await alice.ok(["add", "cs 298", "Problem 1", "--under", "Homework"])
        try await alice.ok(["add", listID.prefix(6).description, "Reading"])

        let show = try await alice.ok(["show", "CS 298", "--json"]).json()
        let list = try #require(show["list"])
        #expect(show["cached"]?.boolValue == false)
        #expect(
            list["title"]?.stringValue == "CS 298" && list["role"]?.stringValue == "owner" && list["seq"]?.intValue == 4
        )
        let items = try #require(list["items"]?.arrayValue)
        #expect(items.map { $0["title"]?.stringValue } == ["Homework 2", "Problem 1", "Reading"])
        #expect(
            items[0]["due"]?.stringValue == "2027-03-10T17:00:00Z" && items[0]["location"]?.stringValue == "Library")
        #expect(items[0]["remindEvery"]?.intValue == 86400 && items[0]["notes"]?.stringValue == "chapter 3")
        #expect(items[1]["parent"]?.stringValue == items[0]["id"]?.stringValue)
        #expect(list["participants"]?.arrayValue?.count == 1)

        let lists = try await alice.ok(["lists", "--json"]).json()
        let summary = try #require(lists["lists"]?.arrayValue?.first { $0["inbox"]?.boolValue != true })
        #expect(summary["title"]?.stringValue == "CS 298" && summary["participants"]?.intValue == 1)
        #expect(summary["completion"]?["total"]?.intValue == 2)

        let text = try await alice.ok(["show", "CS 298"]).stdout
        #expect(text.contains("[ ] Homework 2  0/1 0%  due Wed Mar 10 2027 17:00  @ Library  ⏰ every 1d"))
        #expect(text.contains("    [ ] Problem 1"))
        let listsText = try await alice.ok(["lists"]).stdout
        #expect(listsText.hasPrefix("In Progress (2)\n  CS 298"), "\(listsText)")
        #expect(listsText.contains("\n  Inbox"), "every account has its Inbox")
    }

    @Test func doneReopenCancelRestoreByTitleOrIdPrefix() async throws {
        let (server, alice) = try await Self.setUp()
        defer { server.shutdown(); alice.remove() }
        try await alice.ok(["new", "Trip"])
        try await alice.ok(["add", "Trip", "Tickets"])
        try await alice.ok(["add", "Trip", "Flight", "--under", "Tickets"])
        let passport = try await alice.ok(["add", "Trip", "Passport", "--json"]).json()["id"]!.stringValue!

        try await alice.ok(["done", "Trip", String(passport.prefix(8))])
        try await alice.ok(["done", "Trip", "flight"])
        var items = try await Self.items(alice, "Trip")
        #expect(items["Passport"] == "done" && items["Flight"] == "done")

        let notYet = try await alice.run(["done", "Trip"])
        #expect(notYet.status == 1 && notYet.stderr.contains("“Tickets” is not marked done yet"), "\(notYet.stderr)")

        try await alice.ok(["reopen", "Trip", "Passport"])
        try await alice.ok(["cancel", "Trip", "Tickets"])
        items = try await Self.items(alice, "Trip")
        #expect(items["Passport"] == "open" && items["Tickets"] == "cancelled")
        try await alice.ok(["restore", "Trip", "Tickets"])
        try await alice.ok(["cancel", "Trip"])
        let cancelled = try await alice.ok(["lists", "--json"]).json()
        #expect(
            cancelled["lists"]?.arrayValue?.first { $0["title"]?.stringValue == "Trip" }?["status"]?.stringValue
                == "cancelled")
        try await alice.ok(["restore", "Trip"])
        #expect(try await Self.items(alice, "Trip")["Tickets"] == "open")
    }

    @Test func ambiguousNamesListTheCandidates() async throws {
        let (server, alice) = try await Self.setUp()
        defer { server.shutdown(); alice.remove() }
        try await alice.ok(["new", "CS 298"])
        try await alice.ok(["add", "CS 298", "Homework 1"])
        try await alice.ok(["add", "CS 298", "Homework 2"])
        let result = try await alice.run(["done", "CS 298", "Homework"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("“Homework” matches 2 items"))
        #expect(result.stderr.contains("Homework 1") && result.stderr.contains("Homework 2"))
        let unknown = try await alice.run(["show", "Nope", "--json"])
        #expect(unknown.status == 1)
        #expect(try unknown.json()["ok"]?.boolValue == false)
    }

    @Test func editChangesAndClearsFields() async throws {
        let (server, alice) = try await Self.setUp()
        defer { server.shutdown(); alice.remove() }
        try await alice.ok(["new", "Trip", "--due", "2027-01-01"])
        try await alice.ok(["add", "Trip", "Tickets", "--due", "2027-02-01", "--location", "Desk"])
        try await alice.ok([
            "edit", "Trip", "Tickets", "--title", "Train tickets", "--due", "none", "--location", "Station",
        ])
        try await alice.ok(["edit", "Trip", "--description", "Spring break", "--due", ""])
        let list = try #require(try await alice.ok(["show", "Trip", "--json"]).json()["list"])
        let item = try #require(list["items"]?.arrayValue?.first)
        #expect(
            item["title"]?.stringValue == "Train tickets" && item["due"]?.isNull == true
                && item["location"]?.stringValue == "Station")
        #expect(list["description"]?.stringValue == "Spring break" && list["due"]?.isNull == true)
        let nothing = try await alice.run(["edit", "Trip", "Train"])
        #expect(nothing.status == 1 && nothing.stderr.contains("nothing to change"))
    }

    @Test func shareAndUnshareWithRoles() async throws {
        let (server, alice) = try await Self.setUp()
        defer { server.shutdown(); alice.remove() }
        let bob = try CLI(server: server.url)
        defer { bob.remove() }
        try await bob.signUp("bob")
        try await alice.ok(["new", "Groceries"])
        try await alice.ok(["add", "Groceries", "Milk"])
        try await alice.ok(["share", "Groceries", "bob", "--role", "viewer"])
        let bobsLists = try await bob.ok(["lists", "--json"]).json()
        #expect(bobsLists["lists"]?.arrayValue?.first?["role"]?.stringValue == "viewer")
        let forbidden = try await bob.run(["done", "Groceries", "Milk"])
        #expect(
            forbidden.status == 1 && forbidden.stderr.contains("Viewers cannot edit this checklist"),
            "\(forbidden.stderr)")
        try await alice.ok(["share", "Groceries", "bob"])
        try await bob.ok(["done", "Groceries", "Milk"])
        let unknown = try await alice.run(["share", "Groceries", "zed"])
        #expect(unknown.status == 1 && unknown.stderr.contains("No user named zed"), "\(unknown.stderr)")
        try await alice.ok(["unshare", "Groceries", "bob"])
        #expect(
            try await bob.ok(["lists", "--json"]).json()["lists"]?.arrayValue?.map { $0["title"]?.stringValue } == [
                "Inbox"
            ])
    }

    @Test func quickAddPrintsWhatTheServerUnderstood() async throws {
        let (server, alice) = try await Self.setUp()
        defer { server.shutdown(); alice.remove() }
        try await alice.ok(["new", "CS 298"])
        let result = try await alice.run(["add", "CS 298 - Homework 2 due 3/12", "--json"])
        #expect(result.status == 0, "\(result)")
        let ack = try result.json()
        #expect(ack["op"]?.stringValue == "quickAdd" && ack["id"]?.stringValue != nil)
        #expect(ack["parsed"]?["title"]?.stringValue == "Homework 2")
        #expect(ack["parsed"]?["list"]?.stringValue == "CS 298")
        let text = try await alice.ok(["add", "CS 298 - Homework 3 due 3/14"]).stdout
        #expect(text.hasPrefix("Added “Homework 3” to “CS 298”"))
        #expect(text.contains("due"), "the echo shows the due it stored")
    }

    @Test func environmentTokenAndXDGConfigHome() async throws {
        let (server, alice) = try await Self.setUp()
        defer { server.shutdown(); alice.remove() }
        try await alice.ok(["new", "Mine"])
        let token = try JSONParser.parse(
            Array(try Data(contentsOf: alice.home.appendingPathComponent(".config/checkwire/credentials"))))["token"]!
            .stringValue!
        var elsewhere = try CLI(server: server.url)
        defer { elsewhere.remove() }
        elsewhere.extraEnvironment = ["CHECKWIRE_TOKEN": token]
        #expect(
            try await elsewhere.ok(["lists", "--json"]).json()["lists"]?.arrayValue?.count == 2,
            "the list and the Inbox")

        var xdg = try CLI(server: "127.0.0.1:1")
        defer { xdg.remove() }
        let config = xdg.home.appendingPathComponent("custom-config")
        xdg.extraEnvironment = ["XDG_CONFIG_HOME": config.path]
        try await xdg.ok(["signup", "carol", "--password-stdin", "--server", server.url], input: "correct horse\n")
        #expect(FileManager.default.fileExists(atPath: config.appendingPathComponent("checkwire/credentials").path))
    }

    /// Item title → status, from `show --json`.
    static func items(_ cli: CLI, _ list: String) async throws -> [String: String] {
        let shown = try await cli.ok(["show", list, "--json"]).json()
        var result: [String: String] = [:]
        for item in shown["list"]?["items"]?.arrayValue ?? [] {
            result[item["title"]!.stringValue!] = item["status"]?.stringValue
        }
        return result
    }
}
