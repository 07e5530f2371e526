import ChecklistClient
import ChecklistCore
import WireProtocol
import Foundation

/// `new`, `add`, `edit`, `share`, `unshare`. Every date is read by `DueInput` (quick add's
/// grammar) and echoed as stored, in the user's zone.
extension TerminalCommands {
    public static func newList(
        title: String, due: String?, description: String?, habits: Bool = false, server: String?, console: Console
    ) async throws {
        let reading = try due.map { try DueInput.read($0, timeZone: timeZone) }
        let context = try context(server: server)
        defer { context.close() }
        noteReading(reading, console)
        try await submit(
            .createList(title: title, description: description, due: reading?.due, habits: habits), context: context,
            console: console,
            done: habits ? "Created the habit checklist “\(title)”" : "Created the list “\(title)”",
            facts: ItemFacts(due: reading.map { .set($0.due) } ?? .unchanged).lines(dates()),
            undo: { ack in ack?.id.map { .listStatus(.cancelList, list: ListID($0), listTitle: title) } })
    }

    /// What `add` and `edit` may set; nil means "not given".
    public struct ItemInput: Sendable {
        public var title: String?
        public var notes: String?
        public var due: String?
        public var location: String?
        public var every: String?
        public var description: String?
        /// `--remind-before`: a duration before the due time (`0` = at it).
        public var remindBefore: String?
        public var assignee: String?
        /// `--tz` of a checklist.
        public var timeZone: String?
        /// `--repeat`: words or an RRULE.
        public var repeatRule: String?

        public init(
            title: String? = nil, notes: String? = nil, due: String? = nil, location: String? = nil,
            every: String? = nil,
            description: String? = nil, remindBefore: String? = nil, assignee: String? = nil, timeZone: String? = nil,
            repeatRule: String? = nil
        ) {
            self.repeatRule = repeatRule
            self.title = title
            self.notes = notes
            self.due = due
            self.location = location
            self.every = every
            self.description = description
            self.remindBefore = remindBefore
            self.assignee = assignee
            self.timeZone = timeZone
        }

        /// `--remind-before` in seconds: `0` (at the due time) or a duration.
        static func lead(_ text: String) throws -> Int {
            text.trimmingCharacters(in: .whitespaces) == "0" ? 0 : try ReminderInterval.parse(text)
        }

        /// The item fields given, read and checked before anything is sent; `none` or an empty
        /// value clears a field (for `edit`).
        func itemChanges() throws -> (Edit.ItemUpdate, DueInput.Reading?) {
            let reading = try due.flatMap {
                clears($0) ? nil : try DueInput.read($0, timeZone: TerminalCommands.timeZone)
            }
            var changes = Edit.ItemUpdate(title: title)
            if let due { changes.due = clears(due) ? .clear : .set(reading!.due) }
            if let notes { changes.notes = notes.isEmpty ? .clear : .set(notes) }
            if let location { changes.location = location.isEmpty ? .clear : .set(location) }
            if let every { changes.remindEvery = clears(every) ? .clear : .set(try ReminderInterval.parse(every)) }
            if let remindBefore {
                changes.remindBefore = clears(remindBefore) ? .clear : .set(try Self.lead(remindBefore))
            }
            if let assignee { changes.assignee = clears(assignee) ? .clear : .set(assignee) }
            if let repeatRule {
                changes.repeatRule =
                    clears(repeatRule)
                    ? .clear : .set(try RepeatInput.parse(repeatRule, timeZone: TerminalCommands.timeZone))
            }
            return (changes, reading)
        }

        private func clears(_ value: String) -> Bool { TerminalCommands.clears(value) }
    }

    public static func add(
        list reference: String, title: String, under: String?, input: ItemInput, server: String?, console: Console
    ) async throws {
        let (changes, reading) = try input.itemChanges()
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        var parent: RemoteItem?
        if let under {
            let (view, _) = try await context.view(of: list)
            parent = try context.resolveItem(under, in: view) { $0.status != .cancelled }
        }
        let operation = Operation.addItem(
            list: list.id, title: title, parent: parent?.id, due: reading?.due, location: input.location,
            remindEvery: changes.remindEvery.applied(to: nil), notes: input.notes,
            remindBefore: changes.remindBefore.applied(to: nil), assignee: input.assignee,
            repeatRule: changes.repeatRule.applied(to: nil), listTitle: list.title, parentTitle: parent?.title
        )
        let place = parent.map { "under “\($0.title)” in “\(list.title)”" } ?? "to “\(list.title)”"
        noteReading(reading, console)
        try await submit(
            operation, context: context, console: console, done: "Added “\(title)” \(place)",
            facts: facts(of: changes).lines(dates()),
            undo: { _ in
                operation.newItemID.map { .undoAdd(item: $0, title: title, list: list.id, listTitle: list.title) }
            })
    }

    /// `edit LIST [ITEM]`: the item's fields, or without ITEM the list's own (title,
    /// description, due, time zone). An empty value (or `none`) clears a field.
    public static func edit(
        list reference: String, item itemReference: String?, input: ItemInput, server: String?, console: Console
    ) async throws {
        let context = try context(server: server)
        defer { context.close() }
        if let itemReference {
            return try await editItem(reference, itemReference, input: input, context: context, console: console)
        }
        guard input.notes == nil, input.location == nil, input.every == nil, input.remindBefore == nil,
            input.assignee == nil, input.repeatRule == nil
        else {
            throw ClientError.invalidInput(
                "--notes, --location, --every, --remind-before, --assign and --repeat are for items; name the item after the list"
            )
        }
        let reading = try input.due.flatMap { clears($0) ? nil : try DueInput.read($0, timeZone: timeZone) }
        let due: FieldChange<Due> = input.due.map { clears($0) ? .clear : .set(reading!.due) } ?? .unchanged
        var changes = Edit.ListUpdate(title: input.title, due: due, timeZone: input.timeZone)
        if let description = input.description {
            changes.description = description.isEmpty ? .clear : .set(description)
        }
        guard changes != Edit.ListUpdate() else {
            throw ClientError.invalidInput("nothing to change; give --title, --description, --due or --tz")
        }
        let list = try await context.resolveList(reference)
        let operation = Operation.updateList(list: list.id, changes: changes, listTitle: list.title)
        noteReading(reading, console)
        try await submit(
            operation, context: context, console: console, done: "Saved: " + operation.summary,
            facts: ItemFacts(due: due).lines(dates()), undo: { _ in .undoUpdate(changes, of: list) })
    }

    private static func editItem(
        _ reference: String, _ itemReference: String, input: ItemInput, context: ClientContext, console: Console
    ) async throws {
        guard input.description == nil else {
            throw ClientError.invalidInput("--description is for lists; items have --notes")
        }
        guard input.timeZone == nil else {
            throw ClientError.invalidInput("--tz is for checklists; leave out the item")
        }
        let (changes, reading) = try input.itemChanges()
        guard changes != Edit.ItemUpdate() else {
            throw ClientError.invalidInput(
                "nothing to change; give --title, --notes, --due, --location, --every, --remind-before, --assign or --repeat"
            )
        }
        let list = try await context.resolveList(reference)
        let (view, _) = try await context.view(of: list)
        let item = try context.resolveItem(itemReference, in: view)
        let operation = Operation.updateItem(
            list: list.id, item: item.id, changes: changes, itemTitle: item.title, listTitle: list.title)
        noteReading(reading, console)
        try await submit(
            operation, context: context, console: console, done: "Saved: " + operation.summary,
            facts: facts(of: changes).lines(dates()),
            undo: { _ in .undoUpdate(changes, of: item, list: list.id, listTitle: list.title) })
    }

    /// What an item edit sets, for the echo.
    static func facts(of changes: Edit.ItemUpdate) -> ItemFacts {
        ItemFacts(
            due: changes.due, location: changes.location, repeatRule: changes.repeatRule,
            remindBefore: changes.remindBefore, remindEvery: changes.remindEvery, assignee: changes.assignee,
            notes: changes.notes)
    }

    /// A date that may not be what the user meant (`11/20` typed on Nov 27 is next year's).
    static func noteReading(_ reading: DueInput.Reading?, _ console: Console) {
        if let note = reading?.note { console.note("checkwire: " + note + ".") }
    }

    public static func share(list reference: String, username: String, role: String, server: String?, console: Console)
        async throws
    {
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        guard let role = Role(rawValue: role), role != .owner else {
            throw ClientError.invalidInput("--role is editor or viewer")
        }
        let before = try await roleBefore(of: username, in: list, context: context)
        try await submit(
            .share(list: list.id, username: username, role: role, listTitle: list.title), context: context,
            console: console,
            done: "Shared “\(list.title)” with \(username) as \(role.rawValue)",
            undo: { _ in .undoSharing(username: username, before: before, list: list.id, listTitle: list.title) })
    }

    public static func unshare(list reference: String, username: String, server: String?, console: Console) async throws
    {
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        let before = try await roleBefore(of: username, in: list, context: context)
        try await submit(
            .unshare(list: list.id, username: username, listTitle: list.title), context: context, console: console,
            done: "Stopped sharing “\(list.title)” with \(username)",
            undo: { _ in before.map { .share(list: list.id, username: username, role: $0, listTitle: list.title) } })
    }

    /// `username`'s role on the checklist before a share changes it (nil: not a participant).
    private static func roleBefore(of username: String, in list: RemoteSummary, context: ClientContext) async throws
        -> Role?
    {
        let (view, _) = try await context.view(of: list)
        return view.participants.first { $0.username.lowercased() == username.lowercased() }?.role
    }

    static func clears(_ value: String) -> Bool {
        value.isEmpty || value.lowercased() == "none"
    }
}
