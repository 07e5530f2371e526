/// A list the quick-add text may name, with the sub-lists (sections) it already has.
public struct QuickAddList: Sendable, Hashable {
    /// The canonical name, returned exactly as given when the text mentions it.
    public var name: String
    /// Its sections, when known (the server knows them: the list's top-level items). When they
    /// are known, `List / Section` names a section only if the list has it (`Groceries / Dairy
    /// yogurt` without a Dairy section keeps "Dairy yogurt" as the title instead of claiming a
    /// section the item will not be filed under). When nil (unknown, as in the corpus), the
    /// section is taken as written.
    public var sections: [String]?

    public init(name: String, sections: [String]? = nil) {
        self.name = name
        self.sections = sections
    }
}

/// A piece of the input text, in UTF-16 code units (JavaScript string indices).
public struct QuickAddRange: Sendable, Hashable, CustomStringConvertible {
    public var start: Int
    public var length: Int

    public init(start: Int, length: Int) {
        self.start = start
        self.length = length
    }

    public var description: String { "{\(start), \(length)}" }
}

/// Where each field came from. A range covers exactly what was removed from the title for that
/// field, connector included: `due 3/12` for the date, `at 5pm` for the time, `for CS298` for
/// the list, `(Personal)` with its brackets.
public struct QuickAddRanges: Sendable, Equatable {
    public var list: QuickAddRange?
    public var section: QuickAddRange?
    public var date: QuickAddRange?
    public var time: QuickAddRange?
    public var location: QuickAddRange?
    public var remindEvery: QuickAddRange?
    public var remindBefore: QuickAddRange?
    public var repeatRule: QuickAddRange?
    /// The pieces of text the title is made of, in order (several when phrases were cut out of
    /// its middle).
    public var title: [QuickAddRange]

    public init(
        list: QuickAddRange? = nil, section: QuickAddRange? = nil, date: QuickAddRange? = nil,
        time: QuickAddRange? = nil, location: QuickAddRange? = nil,
        remindEvery: QuickAddRange? = nil, title: [QuickAddRange] = []
    ) {
        self.list = list
        self.section = section
        self.date = date
        self.time = time
        self.location = location
        self.remindEvery = remindEvery
        self.title = title
    }
}

/// What one line of quick-add text means.
public struct QuickAddResult: Sendable, Equatable {
    /// The canonical list name exactly as given, or nil when the text names none of the lists.
    public var list: String?
    public var section: String?
    public var title: String
    public var date: QuickAddDate?
    public var time: QuickAddTime?
    public var location: String?
    /// The reminder interval in seconds.
    public var remindEvery: Int?
    /// How long before the due moment to remind, in seconds (`remind me 10 minutes before`).
    public var remindBefore: Int?
    /// How the task comes back (`every Monday`), when it repeats.
    public var repeatRule: RepeatRule?
    public var ranges: QuickAddRanges

    public init(
        list: String? = nil, section: String? = nil, title: String, date: QuickAddDate? = nil,
        time: QuickAddTime? = nil, location: String? = nil, remindEvery: Int? = nil, remindBefore: Int? = nil,
        repeatRule: RepeatRule? = nil, ranges: QuickAddRanges = QuickAddRanges()
    ) {
        self.remindBefore = remindBefore
        self.repeatRule = repeatRule
        self.list = list
        self.section = section
        self.title = title
        self.date = date
        self.time = time
        self.location = location
        self.remindEvery = remindEvery
        self.ranges = ranges
    }
}

/// A wall-clock time of day.
public struct QuickAddTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// `HH:MM`, 24-hour.
    public var description: String {
        QuickAddDate.quickAddPadded(hour, width: 2) + ":" + QuickAddDate.quickAddPadded(minute, width: 2)
    }

    public static func < (a: QuickAddTime, b: QuickAddTime) -> Bool {
        (a.hour, a.minute) < (b.hour, b.minute)
    }
}
