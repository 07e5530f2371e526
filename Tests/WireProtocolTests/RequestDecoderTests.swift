import ChecklistCore
import Testing
import WireProtocol

@Suite struct RequestDecoderTests {
    private static func decode(_ json: String) throws(RequestDecodingError) -> Request {
        try RequestDecoder.decode(Array(json.utf8), newID: { "generated-id" })
    }

    private static let march12 = Due.date(CivilDate(year: 2027, month: 3, day: 12)!)
    private static let march12Evening = Due.dateTime(Timestamp(rfc3339: "2027-03-12T17:00:00Z")!)
    private static let opID64 = String(repeating: "o", count: 64)
    private static let title500 = String(repeating: "t", count: 500)

    struct Valid: Sendable, CustomTestStringConvertible {
        var json: String
        var request: Request
        init(_ json: String, _ body: Request.Body, ref: String? = nil) {
            self.json = json
            self.request = Request(ref: ref, body: body)
        }
        var testDescription: String { json }
    }

    private static func op(_ body: OperationRequest, opID: String = "o1") -> Request.Body { .op(opID: opID, body) }

    static let valid: [Valid] = [
        // Accounts, reading.
        Valid(
            #"{"type":"signup","username":"alice","password":"correct horse"}"#,
            .signup(username: "alice", password: "correct horse")),
        Valid(
            #"{"type":"login","username":"Alice","password":"correct horse","ref":"r1"}"#,
            .login(username: "Alice", password: "correct horse"), ref: "r1"),
        Valid(#"{"type":"auth","token":"abc123"}"#, .auth(token: "abc123")),
        Valid(#"{"type":"logout","ref":null}"#, .logout),
        Valid(
            #"{"type":"lists","ref":"r-64-\#(String(repeating: "x", count: 59))"}"#, .lists,
            ref: "r-64-" + String(repeating: "x", count: 59)),
        Valid(#"{"type":"subscribe","list":"l1","since":12}"#, .subscribe(list: "l1", since: 12)),
        Valid(#"{"type":"subscribe","list":"l1"}"#, .subscribe(list: "l1", since: nil)),
        Valid(#"{"type":"subscribe","list":"l1","since":null}"#, .subscribe(list: "l1", since: nil)),
        Valid(#"{"type":"unsubscribe","list":"l1"}"#, .unsubscribe(list: "l1")),
        // Unknown fields are ignored: clients may be newer than the server.
        Valid(#"{"type":"lists","futureField":{"a":[1,2]}}"#, .lists),

        // List edits.
        Valid(
            #"{"type":"op","opId":"o1","op":"createList","title":"Morning","kind":"habits","goal":66}"#,
            op(.createList(id: nil, Edit.NewList(title: "Morning", kind: .habits, goalDays: 66)))),
        Valid(
            #"{"type":"op","opId":"o1","op":"updateList","list":"l1","goal":30}"#,
            op(.edit("l1", .updateList(Edit.ListUpdate(goalDays: .set(30)))))),
        Valid(
            #"{"type":"op","opId":"o1","op":"updateList","list":"l1","goal":null}"#,
            op(.edit("l1", .updateList(Edit.ListUpdate(goalDays: .clear))))),
        Valid(
            #"{"type":"op","opId":"o1","op":"createList","title":"  CS 298  "}"#,
            op(.createList(id: nil, Edit.NewList(title: "CS 298")))),
        Valid(
            #"{"type":"op","opId":"o1","op":"createList","id":"my-list","title":"CS 298"}"#,
            op(.createList(id: "my-list", Edit.NewList(title: "CS 298")))),
        Valid(
            #"{"type":"op","opId":"o1","op":"createList","title":"CS 298","description":"Weekly","due":"2027-03-12"}"#,
            op(.createList(id: nil, Edit.NewList(title: "CS 298", description: "Weekly", due: march12)))),
        Valid(
            #"{"type":"op","opId":"o1","op":"createList","title":"CS 298","description":null,"due":null}"#,
            op(.createList(id: nil, Edit.NewList(title: "CS 298")))),
        Valid(
            #"{"type":"op","opId":"\#(opID64)","op":"createList","title":"\#(title500)"}"#,
            op(.createList(id: nil, Edit.NewList(title: title500)), opID: opID64)),
        Valid(
            #"{"type":"op","opId":"o1","op":"updateList","list":"l1","title":"New"}"#,
            op(.edit("l1", .updateList(Edit.ListUpdate(title: "New"))))),
        Valid(
            #"{"type":"op","opId":"o1","op":"updateList","list":"l1","description":null,"due":"2027-03-12T17:00:00Z"}"#,
            op(.edit("l1", .updateList(Edit.ListUpdate(description: .clear, due: .set(march12Evening)))))),
        Valid(
            #"{"type":"op","opId":"o1","op":"updateList","list":"l1","description":"d","due":null}"#,
            op(.edit("l1", .updateList(Edit.ListUpdate(description: .set("d"), due: .clear))))),
        Valid(#"{"type":"op","opId":"o1","op":"completeList","list":"l1"}"#, op(.edit("l1", .completeList))),
        Valid(#"{"type":"op","opId":"o1","op":"reopenList","list":"l1"}"#, op(.edit("l1", .reopenList))),
        Valid(#"{"type":"op","opId":"o1","op":"cancelList","list":"l1"}"#, op(.edit("l1", .cancelList))),
        Valid(
            #"{"type":"op","opId":"o1","op":"restoreList","list":"l1","ref":"r9"}"#, op(.edit("l1", .restoreList)),
            ref: "r9"),
        Valid(
            #"{"type":"op","opId":"o1","op":"share","list":"l1","username":"bob","role":"editor"}"#,
            op(.share("l1", username: "bob", role: .editor))),
        Valid(
            #"{"type":"op","opId":"o1","op":"share","list":"l1","username":"bob","role":"viewer"}"#,
            op(.share("l1", username: "bob", role: .viewer))),
        Valid(
            #"{"type":"op","opId":"o1","op":"unshare","list":"l1","username":"bob"}"#,
            op(.unshare("l1", username: "bob"))),

        // Item edits: absent `after` = last, `null` = first; absent or null `parent` on add = root.
        Valid(
            #"{"type":"op","opId":"o1","op":"addItem","list":"l1","title":"Read"}"#,
            op(.edit("l1", .addItem(Edit.NewItem(id: "generated-id", title: "Read"))))),
        Valid(
            #"{"type":"op","opId":"o1","op":"addItem","list":"l1","id":"i9","parent":null,"after":null,"title":"Read"}"#,
            op(.edit("l1", .addItem(Edit.NewItem(id: "i9", placement: .first, title: "Read"))))),
        Valid(
            #"{"type":"op","opId":"o1","op":"addItem","list":"l1","id":null,"parent":"p","after":"x","title":"Read","notes":"ch. 3","due":"2027-03-12","location":"Library","remindEvery":1800}"#,
            op(
                .edit(
                    "l1",
                    .addItem(
                        Edit.NewItem(
                            id: "generated-id", parent: "p", placement: .after("x"), title: "Read", notes: "ch. 3",
                            due: march12,
                            location: "Library", remindEvery: 1800
                        ))))),
        Valid(
            #"{"type":"op","opId":"o1","op":"addItem","list":"l1","title":"Read","notes":null,"due":null,"location":null,"remindEvery":null}"#,
            op(.edit("l1", .addItem(Edit.NewItem(id: "generated-id", title: "Read"))))),
        Valid(
            #"{"type":"op","opId":"o1","op":"updateItem","list":"l1","item":"i1"}"#,
            op(.edit("l1", .updateItem("i1", Edit.ItemUpdate())))),
        Valid(
            #"{"type":"op","opId":"o1","op":"updateItem","list":"l1","item":"i1","title":" Read more ","notes":null,"due":null,"location":null,"remindEvery":null}"#,
            op(
                .edit(
                    "l1",
                    .updateItem(
                        "i1",
                        Edit.ItemUpdate(
                            title: "Read more", notes: .clear, due: .clear, location: .clear, remindEvery: .clear))))),
        Valid(
            #"{"type":"op","opId":"o1","op":"updateItem","list":"l1","item":"i1","notes":"n","due":"2027-03-12T17:00:00Z","location":"Home","remindEvery":86400}"#,
            op(
                .edit(
                    "l1",
                    .updateItem(
                        "i1",
                        Edit.ItemUpdate(
                            notes: .set("n"), due: .set(march12Evening), location: .set("Home"),
                            remindEvery: .set(86_400)))))),
        Valid(
            #"{"type":"op","opId":"o1","op":"moveItem","list":"l1","item":"i1"}"#,
            op(.edit("l1", .moveItem("i1", parent: .unchanged, placement: .last)))),
        Valid(
            #"{"type":"op","opId":"o1","op":"moveItem","list":"l1","item":"i1","parent":null,"after":null}"#,
            op(.edit("l1", .moveItem("i1", parent: .clear, placement: .first)))),
        Valid(
            #"{"type":"op","opId":"o1","op":"moveItem","list":"l1","item":"i1","parent":"p","after":"x"}"#,
            op(.edit("l1", .moveItem("i1", parent: .set("p"), placement: .after("x"))))),
        Valid(
            #"{"type":"op","opId":"o1","op":"completeItem","list":"l1","item":"i1"}"#,
            op(.edit("l1", .completeItem("i1")))),
        Valid(
            #"{"type":"op","opId":"o1","op":"reopenItem","list":"l1","item":"i1"}"#, op(.edit("l1", .reopenItem("i1")))),
        Valid(
            #"{"type":"op","opId":"o1","op":"cancelItem","list":"l1","item":"i1"}"#, op(.edit("l1", .cancelItem("i1")))),
        Valid(
            #"{"type":"op","opId":"o1","op":"restoreItem","list":"l1","item":"i1"}"#,
            op(.edit("l1", .restoreItem("i1")))),
        Valid(
            #"{"type":"op","opId":"o1","op":"quickAdd","text":"Buy milk tomorrow"}"#,
            op(.quickAdd(text: "Buy milk tomorrow", list: nil, timeZone: nil))),
        Valid(
            #"{"type":"op","opId":"o1","op":"quickAdd","text":"Buy milk","list":"l1","tz":"Europe/Berlin"}"#,
            op(.quickAdd(text: "Buy milk", list: "l1", timeZone: "Europe/Berlin"))),
    ]

    @Test(arguments: valid)
    func decodesValidRequests(_ example: Valid) throws {
        #expect(try Self.decode(example.json) == example.request)
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        var json: String
        /// Text the message must contain: the field it names, in quotes, or the problem.
        var names: String
        var opID: String?
        var ref: String?
        init(_ json: String, names: String, opID: String? = nil, ref: String? = nil) {
            self.json = json
            self.names = names
            self.opID = opID
            self.ref = ref
        }
        var testDescription: String { json.count > 120 ? String(json.prefix(120)) + "…" : json }
    }

    private static let long65 = String(repeating: "x", count: 65)

    static let invalid: [Invalid] = [
        // Not a request at all.
        Invalid("not json", names: "invalid JSON"),
        Invalid(#"{"type":"lists",}"#, names: "invalid JSON"),
        Invalid("", names: "invalid JSON"),
        Invalid("[1,2]", names: #""type""#),
        Invalid(#""lists""#, names: #""type""#),
        Invalid("{}", names: #""type""#),
        Invalid(#"{"type":5,"ref":"r1"}"#, names: #""type""#, ref: "r1"),
        Invalid(#"{"type":"dance","ref":"r1"}"#, names: #"unknown type "dance""#, ref: "r1"),
        Invalid(#"{"type":"lists","ref":5}"#, names: #""ref""#),
        Invalid(#"{"type":"lists","ref":"\#(long65)"}"#, names: #""ref" is 65 characters"#),

        // A goal: days, for habit checklists.
        Invalid(
            #"{"type":"op","opId":"o1","op":"createList","title":"Chores","goal":66}"#, names: "habit checklists",
            opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"updateList","list":"l1","goal":0}"#, names: #""goal""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"updateList","list":"l1","goal":"66"}"#, names: #""goal""#, opID: "o1"),

        // Accounts and reading.
        Invalid(#"{"type":"signup","password":"secret123","ref":"r1"}"#, names: #""username""#, ref: "r1"),
        Invalid(#"{"type":"login","username":"alice","password":12345678}"#, names: #""password""#),
        Invalid(#"{"type":"auth"}"#, names: #""token""#),
        Invalid(#"{"type":"subscribe","since":3}"#, names: #""list""#),
        Invalid(#"{"type":"subscribe","list":"l1","since":"3","ref":"r1"}"#, names: #""since""#, ref: "r1"),
        Invalid(#"{"type":"subscribe","list":"l1","since":1.5}"#, names: #""since""#),
        Invalid(#"{"type":"unsubscribe","list":7}"#, names: #""list""#),

        // The op envelope.
        Invalid(#"{"type":"op","op":"completeList","list":"l1","ref":"r1"}"#, names: #""opId""#, ref: "r1"),
        Invalid(#"{"type":"op","opId":5,"op":"completeList","list":"l1"}"#, names: #""opId""#),
        Invalid(#"{"type":"op","opId":"","op":"completeList","list":"l1"}"#, names: #""opId""#),
        Invalid(
            #"{"type":"op","opId":"\#(long65)","op":"completeList","list":"l1","ref":"r1"}"#,
            names: #""opId" is 65 characters"#, ref: "r1"),
        Invalid(#"{"type":"op","opId":"o1","list":"l1","ref":"r1"}"#, names: #""op""#, opID: "o1", ref: "r1"),
        Invalid(#"{"type":"op","opId":"o1","op":7,"list":"l1"}"#, names: #""op""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"fly","list":"l1","ref":"r1"}"#, names: #"unknown op "fly""#, opID: "o1",
            ref: "r1"),

        // Titles and text limits.
        Invalid(#"{"type":"op","opId":"o1","op":"createList"}"#, names: #""title""#, opID: "o1"),
        Invalid(#"{"type":"op","opId":"o1","op":"createList","title":null}"#, names: #""title""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"createList","title":42,"ref":"r1"}"#, names: #""title" must be a string"#,
            opID: "o1", ref: "r1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"createList","title":"\#(title500)t"}"#,
            names: #""title" is 501 characters"#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"createList","title":" \t\n "}"#, names: #""title" must not be empty"#,
            opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"updateItem","list":"l1","item":"i1","title":""}"#,
            names: #""title" must not be empty"#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"createList","title":"t","description":"\#(String(repeating: "d", count: 10_001))"}"#,
            names: #""description" is 10001 characters"#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"addItem","list":"l1","title":"t","notes":"\#(String(repeating: "n", count: 10_001))"}"#,
            names: #""notes""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"addItem","list":"l1","title":"t","location":"\#(String(repeating: "l", count: 201))"}"#,
            names: #""location" is 201 characters"#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"updateItem","list":"l1","item":"i1","notes":5}"#, names: #""notes""#,
            opID: "o1"),

        // Ids.
        Invalid(#"{"type":"op","opId":"o1","op":"completeList"}"#, names: #""list""#, opID: "o1"),
        Invalid(#"{"type":"op","opId":"o1","op":"completeList","list":""}"#, names: #""list""#, opID: "o1"),
        Invalid(#"{"type":"op","opId":"o1","op":"completeList","list":["l1"]}"#, names: #""list""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"addItem","list":"l1","id":"\#(long65)","title":"t"}"#,
            names: #""id" is 65 characters"#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"completeItem","list":"l1","ref":"r1"}"#, names: #""item""#, opID: "o1",
            ref: "r1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"moveItem","list":"l1","item":"i1","after":5}"#, names: #""after""#,
            opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"moveItem","list":"l1","item":"i1","parent":false}"#, names: #""parent""#,
            opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"addItem","list":"l1","parent":"","title":"t"}"#, names: #""parent""#,
            opID: "o1"),

        // Due values.
        Invalid(
            #"{"type":"op","opId":"o1","op":"createList","title":"t","due":"tomorrow"}"#, names: #""due""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"addItem","list":"l1","title":"t","due":"2027-02-30"}"#, names: #""due""#,
            opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"updateItem","list":"l1","item":"i1","due":"2027-03-12T17:00:00"}"#,
            names: #""due""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"updateList","list":"l1","due":20270312,"ref":"r1"}"#, names: #""due""#,
            opID: "o1", ref: "r1"),

        // Reminder intervals: whole seconds from 1 up to a year.
        Invalid(
            #"{"type":"op","opId":"o1","op":"addItem","list":"l1","title":"t","remindEvery":0}"#,
            names: #""remindEvery""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"addItem","list":"l1","title":"t","remindEvery":-60}"#,
            names: #""remindEvery""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"updateItem","list":"l1","item":"i1","remindEvery":1.5}"#,
            names: #""remindEvery""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"updateItem","list":"l1","item":"i1","remindEvery":"1800"}"#,
            names: #""remindEvery""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"updateItem","list":"l1","item":"i1","remindEvery":31622401}"#,
            names: #""remindEvery""#, opID: "o1"),

        // Sharing.
        Invalid(
            #"{"type":"op","opId":"o1","op":"share","list":"l1","username":"bob","role":"owner","ref":"r1"}"#,
            names: #""role""#, opID: "o1", ref: "r1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"share","list":"l1","username":"bob","role":"admin"}"#, names: #""role""#,
            opID: "o1"),
        Invalid(#"{"type":"op","opId":"o1","op":"share","list":"l1","username":"bob"}"#, names: #""role""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"share","list":"l1","role":"editor"}"#, names: #""username""#, opID: "o1"),
        Invalid(
            #"{"type":"op","opId":"o1","op":"unshare","list":"l1","username":null}"#, names: #""username""#, opID: "o1"),

        // Quick add.
        Invalid(#"{"type":"op","opId":"o1","op":"quickAdd","text":"   "}"#, names: #""text""#, opID: "o1"),
        Invalid(#"{"type":"op","opId":"o1","op":"quickAdd"}"#, names: #""text""#, opID: "o1"),
    ]

    /// Each refusal names what to fix and echoes the `opId` and `ref` it could read.
    @Test(arguments: invalid)
    func refusesInvalidRequests(_ example: Invalid) {
        do {
            let request = try Self.decode(example.json)
            Issue.record("decoded \(request) instead of refusing it")
        } catch {
            #expect(error.message.contains(example.names), "\(error.message)")
            #expect(error.opID == example.opID)
            #expect(error.ref == example.ref)
        }
    }

    @Test func addItemWithoutAnIDAsksForOneEachTime() throws {
        var made = 0
        let request = try RequestDecoder.decode(
            Array(#"{"type":"op","opId":"o","op":"addItem","list":"l","title":"t"}"#.utf8)
        ) {
            made += 1
            return "new-\(made)"
        }
        #expect(request.body == .op(opID: "o", .edit("l", .addItem(Edit.NewItem(id: "new-1", title: "t")))))
        #expect(made == 1)
        _ = try RequestDecoder.decode(
            Array(#"{"type":"op","opId":"o","op":"addItem","list":"l","id":"mine","title":"t"}"#.utf8)
        ) {
            made += 1
            return "unused"
        }
        #expect(made == 1)
    }

    /// Lengths are counted in characters, not bytes: 500 accented letters are a valid title.
    @Test func limitsCountCharacters() throws {
        let title = String(repeating: "é", count: 500)
        let request = try Self.decode(#"{"type":"op","opId":"o1","op":"createList","title":"\#(title)"}"#)
        #expect(request.body == .op(opID: "o1", .createList(id: nil, Edit.NewList(title: title))))
    }
}
