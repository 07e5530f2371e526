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

    var testDescription: String { text }

    func check() {
        let r = QuickAddFixture.parse(text)
        #expect(r.title == title, "title of \(text)")
        #expect(r.list == list, "list of \(text)")
        #expect(r.section == section, "section of \(text)")
        #expect(r.date?.description == date, "date of \(text)")
        #expect(r.time?.description == time, "time of \(text)")
        #expect(r.location == location, "location of \(text)")
        #expect(r.remindEvery == remindEvery, "remindEvery of \(text)")
        #expect(r.repeatRule?.rrule == `repeat`, "repeat of \(text)")
    }
}

@Suite struct QuickAddCorpusTests {
    /// `shared/quickadd/public.jsonl`, found by walking up from this file (the package sits
    /// beside `shared/` both here and in the main checkout).
    static func corpusURL() -> URL? {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<8 {
            for candidate in [
                dir.appendingPathComponent("shared/quickadd/public.jsonl"),
                dir.appendingPathComponent("../shared/quickadd/public.jsonl").standardized,
            ] {
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            }
            dir.deleteLastPathComponent()
        }
        return nil
    }

    @Test func publicCorpusIsExact() throws {
        let url = try #require(Self.corpusURL(), "shared/quickadd/public.jsonl not found above \(#filePath)")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count >= 43)
        var exact = 0
        for line in lines {
            let case_ = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = case_["id"] as? String ?? "?"
            let expect = try #require(case_["expect"] as? [String: Any])
            let outLine = QuickAddJSONLines.process(line: String(line))
            let out = try #require(try JSONSerialization.jsonObject(with: Data(outLine.utf8)) as? [String: Any])
            #expect(out["id"] as? String == id)
            var ok = true
            for field in ["list", "section", "title", "date", "time", "location"] {
                let want = expect[field] as? String
                let got = out[field] as? String
                #expect(got == want, "\(id) \(field): \(case_["text"] ?? "")")
                ok = ok && got == want
            }
            let wantRemind = (expect["remindEvery"] as? NSNumber)?.intValue
            let gotRemind = (out["remindEvery"] as? NSNumber)?.intValue
            #expect(gotRemind == wantRemind, "\(id) remindEvery")
            if ok && gotRemind == wantRemind { exact += 1 }
        }
        #expect(exact == lines.count, "EXACT \(exact)/\(lines.count)")
    }
}
