import Foundation
import Testing
@testable import ChecklistCore
import QuickAddTools

/// What every quick-add table test shares: the corpus clock (Saturday 2026-11-21 09:00 in New
/// York), a set of lists (including names that look like dates), and one expected-result row.
enum QuickAddFixture {
    static let timeZone = TimeZone(identifier: "America/New_York")!
    static let now = QuickAddJSONLines.date(fromLocalOrISO: "2026-11-21T09:00:00", timeZone: timeZone)!
    static let lists: [QuickAddList] =
        [
            "CS 298", "CS 146", "Personal", "Groceries", "Work", "Work Travel", "Bio-101", "Team Phoenix", "Q4 2026",
            "Room 101", "7/4 BBQ", "Class of 2027", "2027 Goals", "1:1s", "Route 66 Trip", "Chess Club", "Work: Q1",
        ].map { QuickAddList(name: $0) } + [QuickAddList(name: "Home", sections: ["Kitchen", "Garden Shed"])]

    static func parse(_ text: String, lists: [QuickAddList] = lists) -> QuickAddResult {
        QuickAddParser().parse(text, lists: lists, now: now, timeZone: timeZone)
    }
}

/// One row of a table test: the text and every field it must give (nil = must be absent).
struct QuickAddCase: Sendable, CustomTestStringConvertible {
    var text: String
    var title: String
    var list: String? = nil
    var section: String? = nil
    var date: String? = nil
    var time: String? = nil
    var location: String? = nil
    var remindEvery: Int? = nil
    /// The canonical RRULE of a repeat.
    var `repeat`: String? = nil
    var remindBefore: Int? = nil
    /// The local time of `now` in `timeZone`, when not the corpus's Saturday 09:00 in New York.
    var now: String? = nil
    var timeZone = "America/New_York"

    var testDescription: String { text + (now.map { " at \($0)" } ?? "") }

    func check() {
        let zone = TimeZone(identifier: timeZone)!
        let instant = now.flatMap { QuickAddJSONLines.date(fromLocalOrISO: $0, timeZone: zone) } ?? QuickAddFixture.now
        let r = QuickAddParser().parse(text, lists: QuickAddFixture.lists, now: instant, timeZone: zone)
        #expect(r.title == title, "title of \(text)")
        #expect(r.list == list, "list of \(text)")
        #expect(r.section == section, "section of \(text)")
        #expect(r.date?.description == date, "date of \(text)")
        #expect(r.time?.description == time, "time of \(text)")
        #expect(r.location == location, "location of \(text)")
        #expect(r.remindEvery == remindEvery, "remindEvery of \(text)")
        #expect(r.repeatRule?.rrule == `repeat`, "repeat of \(text)")
        #expect(r.remindBefore == remindBefore, "remindBefore of \(text)")
    }
}

@Suite struct QuickAddCorpusTests {
    /// `shared/quickadd/`, found by walking up from this file (the package sits beside `shared/`
    /// both here and in the main checkout).
    static func corpusDirectory() -> URL? {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<8 {
            for candidate in [
                dir.appendingPathComponent("shared/quickadd"),
                dir.appendingPathComponent("../shared/quickadd").standardized,
            ] where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("public.jsonl").path) {
                return candidate
            }
            dir.deleteLastPathComponent()
        }
        return nil
    }

    /// Every public case file (`public.jsonl`, `public-repeat.jsonl`, `public-more.jsonl`,
    /// `public-reminders.jsonl`, …), every field the scorer reads.
    @Test func everyPublicCorpusIsExact() throws {
        let directory = try #require(Self.corpusDirectory(), "shared/quickadd not found above \(#filePath)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("public") && $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.count >= 4)
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n").filter { !$0.isEmpty }
            let exact = try lines.filter { try Self.isExact(String($0), file: file) }.count
            #expect(exact == lines.count, "\(file): EXACT \(exact)/\(lines.count)")
        }
    }

    private static func isExact(_ line: String, file: String) throws -> Bool {
        let case_ = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let id = case_["id"] as? String ?? "?"
        let expect = try #require(case_["expect"] as? [String: Any])
        let out = try #require(
            try JSONSerialization.jsonObject(with: Data(QuickAddJSONLines.process(line: line).utf8)) as? [String: Any])
        #expect(out["id"] as? String == id)
        var ok = true
        for field in ["list", "section", "title", "date", "time", "location"] {
            let (want, got) = (expect[field] as? String, out[field] as? String)
            #expect(got == want, "\(file) \(id) \(field): \(case_["text"] ?? "")")
            ok = ok && got == want
        }
        for field in ["remindEvery", "remindBefore"] {
            let (want, got) = ((expect[field] as? NSNumber)?.intValue, (out[field] as? NSNumber)?.intValue)
            #expect(got == want, "\(file) \(id) \(field)")
            ok = ok && got == want
        }
        let parts = { (rule: Any?) -> Set<String>? in
            (rule as? String).map {
                Set($0.uppercased().split(separator: ";").map(String.init)).subtracting(["INTERVAL=1"])
            }
        }
        #expect(parts(out["repeat"]) == parts(expect["repeat"]), "\(file) \(id) repeat")
        return ok && parts(out["repeat"]) == parts(expect["repeat"])
    }
}
