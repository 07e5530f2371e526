import ChecklistClient
import ChecklistCore
import WireProtocol
import Foundation

/// `new`, `add`, `edit`, `share`, `unshare`.
extension TerminalCommands {
    public static func newList(
        title: String, due: String?, description: String?, habits: Bool = false, server: String?, console: Console
    ) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let dueValue = try due.map { try DueInput.due($0, timeZone: timeZone) }
        try await submit(
            .createList(title: title, description: description, due: dueValue, habits: habits), context: context,
            console: console,
            done: habits ? "Created the habit checklist “\(title)”" : "Created the list “\(title)”")
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
    }

    public static func add(
        list reference: String, title: String, under: String?, input: ItemInput, server: String?, console: Console
    ) async throws {
        let due = try input.due.map { try DueInput.due($0, timeZone: timeZone) }
        let every = try input.every.map(ReminderInterval.parse)
        let remindBefore = try input.remindBefore.map(ItemInput.lead)
        let rule = try input.repeatRule.map { try RepeatInput.parse($0, timeZone: timeZone) }
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        var parent: RemoteItem?
        if let under {
            let (view, _) = try await context.view(of: list)
            parent = try context.resolveItem(under, in: view) { $0.status != .cancelled }
        }
        let operation = Operation.addItem(
            list: list.id, title: title, parent: parent?.id, due: due, location: input.location,
            remindEvery: every, notes: input.notes, remindBefore: remindBefore, assignee: input.assignee,
            repeatRule: rule, listTitle: list.title, parentTitle: parent?.title
        )
        let place = parent.map { "under “\($0.title)” in “\(list.title)”" } ?? "to “\(list.title)”"
        try await submit(operation, context: context, console: console, done: "Added “\(title)” \(place)")
    }

    /// `edit LIST [ITEM]`: the item's fields, or without ITEM the list's own (title,
    /// description, due). An empty value (or `none` for `--due`/`--every`) clears a field.
    public static func edit(
        list reference: String, item itemReference: String?, input: ItemInput, server: String?, console: Console
    ) async throws {
        let title = input.title
        let due = try input.due.map { text -> FieldChange<Due> in
            Self.clears(text) ? .clear : .set(try DueInput.due(text, timeZone: timeZone))
        }
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        let operation: ChecklistClient.Operation
        if let itemReference {
            guard input.description == nil else {
                throw ClientError.invalidInput("--description is for lists; items have --notes")
            }
            var changes = Edit.ItemUpdate(title: title, due: due ?? .unchanged)
            if let notes = input.notes { changes.notes = notes.isEmpty ? .clear : .set(notes) }
            if let location = input.location { changes.location = location.isEmpty ? .clear : .set(location) }
            if let every = input.every {
                changes.remindEvery = Self.clears(every) ? .clear : .set(try ReminderInterval.parse(every))
            }
            if let lead = input.remindBefore {
                changes.remindBefore = Self.clears(lead) ? .clear : .set(try ItemInput.lead(lead))
            }
            if let assignee = input.assignee { changes.assignee = Self.clears(assignee) ? .clear : .set(assignee) }
            if let text = input.repeatRule {
                changes.repeatRule = Self.clears(text) ? .clear : .set(try RepeatInput.parse(text, timeZone: timeZone))
            }
            guard input.timeZone == nil else {
                throw ClientError.invalidInput("--tz is for checklists; leave out the item")
            }
            guard changes != Edit.ItemUpdate() else {
                throw ClientError.invalidInput(
                    "nothing to change; give --title, --notes, --due, --location, --every, --remind-before, --assign or --repeat"
                )
            }
            let (view, _) = try await context.view(of: list)
            let item = try context.resolveItem(itemReference, in: view)
            operation = .updateItem(
                list: list.id, item: item.id, changes: changes, itemTitle: item.title, listTitle: list.title)
        } else {
            guard input.notes == nil, input.location == nil, input.every == nil, input.remindBefore == nil,
                input.assignee == nil,
                input.repeatRule == nil
            else {
                throw ClientError.invalidInput(
                    "--notes, --location, --every, --remind-before, --assign and --repeat are for items; name the item after the list"
                )
            }
            var changes = Edit.ListUpdate(title: title, due: due ?? .unchanged, timeZone: input.timeZone)
            if let description = input.description {
                changes.description = description.isEmpty ? .clear : .set(description)
            }
            guard changes != Edit.ListUpdate() else {
                throw ClientError.invalidInput("nothing to change; give --title, --description, --due or --tz")
            }
            operation = .updateList(list: list.id, changes: changes, listTitle: list.title)
        }
        try await submit(operation, context: context, console: console, done: "Saved: " + operation.summary)
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
        try await submit(
            .share(list: list.id, username: username, role: role, listTitle: list.title), context: context,
            console: console,
            done: "Shared “\(list.title)” with \(username) as \(role.rawValue)")
    }

    public static func unshare(list reference: String, username: String, server: String?, console: Console) async throws
    {
        let context = try context(server: server)
        defer { context.close() }
        let list = try await context.resolveList(reference)
        try await submit(
            .unshare(list: list.id, username: username, listTitle: list.title), context: context, console: console,
            done: "Stopped sharing “\(list.title)” with \(username)")
    }

    static func clears(_ value: String) -> Bool {
        value.isEmpty || value.lowercased() == "none"
    }
}
