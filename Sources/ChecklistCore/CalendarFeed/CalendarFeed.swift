import Foundation

/// A checklist's or a user's dated items as an RFC 5545 calendar: the body of a feed URL.
///
/// Pure: the entries and the moment come in, the text goes out, so the rules (all-day dates,
/// RRULE, cancelled and completed states, alarms, stable UIDs) are tested without a server.
///
/// A repeating item, a habit included, is ONE component with its `RRULE` from its first
/// occurrence, never one entry per day: the calendar app expands it.
public struct CalendarFeed: Sendable {
    /// VEVENT (what Google, Apple and Outlook show in a subscribed calendar) or VTODO
    /// (Thunderbird's tasks).
    public enum Components: String, Sendable {
        case events = "VEVENT"
        case todos = "VTODO"
    }

    /// One dated item and what the calendar needs beside it.
    public struct Entry: Sendable {
        public var listID: ListID
        public var listTitle: String
        /// The checklist's zone, in which a repeating item keeps its time of day.
        public var listTimeZone: String
        public var item: Item
        /// Grows with every change of the item: the calendar's `SEQUENCE`.
        public var revision: Int
        public var modifiedAt: Timestamp

        public init(
            listID: ListID, listTitle: String, listTimeZone: String, item: Item, revision: Int, modifiedAt: Timestamp
        ) {
            self.listID = listID
            self.listTitle = listTitle
            self.listTimeZone = listTimeZone
            self.item = item
            self.revision = revision
            self.modifiedAt = modifiedAt
        }
    }

    /// The calendar's name in the reader's app (`X-WR-CALNAME`).
    public var name: String
    public var components: Components
    public var entries: [Entry]

    public init(name: String, components: Components, entries: [Entry]) {
        self.name = name
        self.components = components
        self.entries = entries
    }

    /// How often calendar apps that honour it should poll.
    public static let refreshInterval = "PT30M"

    /// The whole calendar, CRLF line ends, folded at 75 octets. `now` gives the year whose
    /// daylight-saving rules the time zones describe.
    public func text(now: Timestamp) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Checkwire//Checkwire calendar feed//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:\(ICalendarText.escaped(name))",
            "REFRESH-INTERVAL;VALUE=DURATION:\(Self.refreshInterval)", "X-PUBLISHED-TTL:\(Self.refreshInterval)",
        ]
        let year = RepeatDue.localDate(of: now, timeZone: "UTC").year
        for zone in Set(entries.compactMap(Self.zoneNeeded)).sorted() {
            lines += CalendarTimeZone.component(for: zone, year: year)
        }
        for entry in entries { lines += component(entry) }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarText.folded).joined()
    }

    /// The zone a repeating date-time item is written in (a non-repeating one is in UTC).
    static func zoneNeeded(_ entry: Entry) -> String? {
        guard entry.item.repeatRule != nil, case .dateTime = entry.item.due, entry.listTimeZone != "UTC",
            TimeZone(identifier: entry.listTimeZone) != nil
        else { return nil }
        return entry.listTimeZone
    }

    /// `<item>.<list>@checkwire`: the same for the item's whole life, so a calendar updates
    /// its copy instead of adding another.
    public static func uid(listID: ListID, itemID: ItemID) -> String { "\(itemID).\(listID)@checkwire" }

    private func component(_ entry: Entry) -> [String] {
        let item = entry.item
        guard let due = item.due else { return [] }
        let kind = components.rawValue
        var lines = [
            "BEGIN:\(kind)",
            "UID:\(Self.uid(listID: entry.listID, itemID: item.id))",
            "DTSTAMP:\(ICalendarText.utc(entry.modifiedAt))",
            "CREATED:\(ICalendarText.utc(item.createdAt))",
            "LAST-MODIFIED:\(ICalendarText.utc(entry.modifiedAt))",
            "SEQUENCE:\(entry.revision)",
        ]
        let isDone = item.status == .done
        // An event has no "done" state; the summary says it, as a tick.
        let summary = components == .events && isDone ? "✓ " + item.title : item.title
        lines.append("SUMMARY:\(ICalendarText.escaped(summary))")
        let description = [item.notes, "Checklist: \(entry.listTitle)"].compactMap { $0 }.joined(separator: "\n\n")
        lines.append("DESCRIPTION:\(ICalendarText.escaped(description))")
        lines.append("CATEGORIES:\(ICalendarText.escaped(entry.listTitle))")
        if let location = item.location { lines.append("LOCATION:\(ICalendarText.escaped(location))") }
        lines += timing(due, entry: entry)
        if let rule = item.repeatRule, item.status == .open { lines.append("RRULE:\(rule.rrule)") }
        switch (components, item.status) {
        case (_, .cancelled):
            lines.append("STATUS:CANCELLED")
        case (.events, _):
            lines.append("STATUS:CONFIRMED")
        case (.todos, .done):
            lines.append("STATUS:COMPLETED")
            if let doneAt = item.doneAt { lines.append("COMPLETED:\(ICalendarText.utc(doneAt))") }
            lines.append("PERCENT-COMPLETE:100")
        case (.todos, .open):
            lines.append("STATUS:NEEDS-ACTION")
        }
        if item.status == .open { lines += alarm(for: item, due: due) }
        lines.append("END:\(kind)")
        return lines
    }

    /// A `VALARM` for an open item with `remindBefore`, so a calendar app rings by itself
    /// at the moment Checkwire reminds: `remindBefore` seconds before the due moment, a
    /// date-only due read as 09:00 (`ReminderRules.dateOnlyDueHour`). The trigger is relative,
    /// so each occurrence of a repeating item (a habit's day) rings the same way. An event's
    /// trigger counts from `DTSTART`; a task's from its `DUE` (`RELATED=END`, RFC 5545
    /// §3.8.6.3: a task's relative trigger needs the property it counts from).
    private func alarm(for item: Item, due: Due) -> [String] {
        guard let remindBefore = item.remindBefore else { return [] }
        var offset = -remindBefore
        if case .date = due { offset += ReminderRules.dateOnlyDueHour * 3_600 }
        let related = components == .todos ? ";RELATED=END" : ""
        return [
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER\(related):\(Self.duration(seconds: offset))",
            "DESCRIPTION:\(ICalendarText.escaped(item.title))", "END:VALARM",
        ]
    }

    /// An exact RFC 5545 duration: `-PT1H30M`, `PT8H`, `PT0S`. Hours rather than days, since
    /// a day (`P1D`) is a calendar day, 23 or 25 hours across a daylight-saving change.
    static func duration(seconds: Int) -> String {
        let magnitude = abs(seconds)
        let (hours, minutes, rest) = (magnitude / 3_600, magnitude % 3_600 / 60, magnitude % 60)
        var text = seconds < 0 ? "-PT" : "PT"
        if hours > 0 { text += "\(hours)H" }
        if minutes > 0 { text += "\(minutes)M" }
        if rest > 0 || magnitude == 0 { text += "\(rest)S" }
        return text
    }

    /// DTSTART/DTEND for an event (a whole day ends the next day), DUE for a task. A date-time
    /// is in UTC, except a repeating one, which is in its checklist's zone (see `zoneNeeded`).
    private func timing(_ due: Due, entry: Entry) -> [String] {
        let property = components == .events ? "DTSTART" : "DUE"
        switch due {
        case .date(let day):
            var lines = ["\(property);VALUE=DATE:\(ICalendarText.date(day))"]
            if components == .events { lines.append("DTEND;VALUE=DATE:\(ICalendarText.date(day.addingDays(1)))") }
            return lines
        case .dateTime(let instant):
            if let zone = Self.zoneNeeded(entry), let timeZone = TimeZone(identifier: zone) {
                return ["\(property);TZID=\(zone):\(ICalendarText.local(instant, zone: timeZone))"]
            }
            return ["\(property):\(ICalendarText.utc(instant))"]
        }
    }
}
