public import Foundation

/// Turns one line of quick-add text into an item: its list and section, title, due date and
/// time, location, repeat, reminder interval and reminder before the due moment.
///
/// For example, with lists `["CS 298", "Work"]`, on Saturday 2026-11-21:
///
///     QuickAddParser().parse("CS 298 - Homework 2 due March 12th", lists: lists, now: now, timeZone: tz)
///     // list "CS 298", title "Homework 2", date 2027-03-12
///
/// The parts may come in any order. The parser is deterministic, scans the text by hand (no
/// regular expressions, no backtracking: time is linear in the text for a given set of lists)
/// and reads no clock: `now` is passed in. The rules are in the doc comments of the
/// `QuickAddScanner` extensions (one file per field: `QuickAddScanner+Lists.swift`, `+Dates`,
/// `+Times`, `+Locations`, `+Reminders`, `+Title`).
///
/// Steps, each claiming the tokens it understands so later steps skip them: quoted text is
/// protected; the list (and `/ Section`); repeats and reminders (intervals, and `remind me 10
/// minutes before`); dates and times, left to right; locations; `remind me` fillers; what is
/// left is the title. Last, a time that has already passed today moves a date that was only
/// implied (a time alone, today's weekday, a repeat's first day) to its next occurrence.
public struct QuickAddParser: Sendable {
    public init() {}

    /// Parses one line.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - lists: the lists the text may name; the result's `list` is one of their names, exactly
    ///     as given, or nil.
    ///   - now: the current instant.
    ///   - timeZone: the user's time zone; a date without a year is the next occurrence on or
    ///     after the local today.
    public func parse(_ text: String, lists: [QuickAddList], now: Date, timeZone: TimeZone) -> QuickAddResult {
        var scanner = QuickAddScanner(text: text, now: now, timeZone: timeZone)
        scanner.markQuotes()
        scanner.recognizeList(lists)
        scanner.recognizeReminder()
        scanner.recognizeDatesAndTimes()
        scanner.recognizeLocation()
        scanner.recognizeFillers()
        scanner.finishTime()
        let (title, pieces) = scanner.buildTitle()
        var ranges = scanner.ranges
        ranges.title = pieces
        return QuickAddResult(
            list: scanner.list, section: scanner.section, title: title, date: scanner.date,
            time: scanner.time, location: scanner.location, remindEvery: scanner.remindEvery,
            remindBefore: scanner.remindBefore, repeatRule: scanner.repeatRule, ranges: ranges)
    }

    /// Parses one line against list names that have no known sections.
    public func parse(_ text: String, listNames: [String], now: Date, timeZone: TimeZone) -> QuickAddResult {
        parse(text, lists: listNames.map { QuickAddList(name: $0) }, now: now, timeZone: timeZone)
    }
}
