import ArgumentParser
import ChecklistCore
import QuickAddTools
import Foundation
import TerminalUI

/// `checkwire parse`: the quick-add parser over JSON Lines, as `shared/quickadd/score.py`
/// scores it. Each input line `{"id","text","lists","now","tz"}` gives one output line
/// `{"id","list","section","title","date","time","location","remindEvery","remindBefore","repeat"}`.
struct Parse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse quick-add lines (JSON Lines on stdin, one JSON result per line on stdout)."
    )

    @Option(
        help:
            "Instead of parsing stdin, parse the texts of a JSON Lines corpus (e.g. ../shared/quickadd/public.jsonl) round after round for this many seconds and print parses per second."
    )
    var benchmark: Double?

    @Argument(help: "The corpus for --benchmark.")
    var corpus: String?

    func run() throws {
        if let seconds = benchmark {
            try runBenchmark(seconds: seconds)
            return
        }
        let parser = QuickAddParser()
        while let line = readLine(strippingNewline: true) {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            StandardStreams.output(QuickAddJSONLines.process(line: line, parser: parser) + "\n")
        }
    }
}

extension Parse {
    /// The figure docs/quickadd.md quotes: parses per CPU-second on the corpus's lines.
    private func runBenchmark(seconds: Double) throws {
        guard let corpus, let text = try? String(contentsOfFile: corpus, encoding: .utf8) else {
            throw ValidationError("--benchmark needs a JSON Lines corpus file, e.g. ../shared/quickadd/public.jsonl")
        }
        var texts: [String] = []
        var lists: [QuickAddList] = []
        for line in text.split(separator: "\n") {
            guard let (lineText, lineLists) = QuickAddJSONLines.textAndLists(of: String(line)) else { continue }
            texts.append(lineText)
            if lists.isEmpty { lists = lineLists }
        }
        let timeZone = TimeZone(identifier: "America/New_York") ?? .gmt
        let now = QuickAddJSONLines.date(fromLocalOrISO: "2026-11-21T09:00:00", timeZone: timeZone) ?? Date()
        let result = QuickAddBenchmark(texts: texts, lists: lists, now: now, timeZone: timeZone).run(seconds: seconds)
        print(
            "\(texts.count) texts, \(result.parses) parses: \(result.parsesPerCPUSecond) parses per CPU-second, \(result.parsesPerWallSecond) per wall-second"
        )
    }
}
