/// "Did you mean": a mistyped command name (`checkwire lsts`) answered with the closest real one.
///
/// Why here and not in the argument parser: swift-argument-parser suggests near misses for
/// options only; for a subcommand it says "Unexpected argument", which does not help someone who
/// typed `checkwire lsit`.
public enum CommandSuggestion {
    /// The message for `arguments` when their first word is meant as a command but names none of
    /// `known`; nil when it is an option, a known command, or there are no arguments.
    public static func unknownCommand(in arguments: [String], known: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !known.contains(first) else { return nil }
        guard let best = closest(to: first, among: known) else {
            return "“\(first)” is not a checkwire command; `checkwire --help` lists them."
        }
        return "“\(first)” is not a checkwire command. Did you mean `checkwire \(best)`?"
    }

    /// The nearest name within one edit for a short word, two for four to eight letters, three
    /// beyond; else the only name it begins (`checkwire attachments` for `attachm`).
    public static func closest(to word: String, among names: [String]) -> String? {
        let lowered = word.lowercased()
        if let exact = names.first(where: { $0 == lowered }) { return exact }
        let limit = lowered.count <= 3 ? 1 : lowered.count <= 8 ? 2 : 3
        let scored = names.map { ($0, distance(lowered, $0)) }.filter { $0.1 <= limit }
        if let best = scored.min(by: { $0.1 < $1.1 }) { return best.0 }
        let prefixed = names.filter { $0.hasPrefix(lowered) && lowered.count >= 2 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Damerau–Levenshtein (optimal string alignment) distance: a swapped pair of letters
    /// (`lsit`) counts as one edit, as people make it.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
