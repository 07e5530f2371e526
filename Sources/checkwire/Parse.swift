import ArgumentParser
import ChecklistCore
import Foundation

/// `checkwire parse`: the quick-add parser over JSON Lines, as `shared/quickadd/score.py`
/// scores it. Each input line `{"id","text","lists","now","tz"}` gives one output line
/// `{"id","list","section","title","date","time","location","remindEvery"}`.
struct Parse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse quick-add lines (JSON Lines on stdin, one JSON result per line on stdout)."
    )

    func run() throws {
        let parser = QuickAddParser()
        var output = FileHandle.standardOutput
        while let line = readLine(strippingNewline: true) {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            print(QuickAddJSONLines.process(line: line, parser: parser), to: &output)
        }
    }
}

extension FileHandle: @retroactive TextOutputStream {
    public func write(_ string: String) {
        write(Data(string.utf8))
    }
}
