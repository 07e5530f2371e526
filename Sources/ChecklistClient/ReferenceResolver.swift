import Foundation

/// Finds the one list or item a user meant by an id, an id prefix or a title.
///
/// Tried in order, the first rule that matches anything decides: the exact id; the exact
/// title ignoring case; a unique id prefix; a unique title prefix ignoring case. When a rule
/// matches several and `preferring` picks out exactly one of them (for `done`, the open
/// one), that one is taken; otherwise the error lists every candidate with its short id, so
/// the user can repeat the command with an id prefix.
public enum ReferenceResolver {
    public struct Candidate<Value> {
        public var value: Value
        /// The id as text (`ListID.rawValue` or `ItemID.rawValue`): candidates are lists or
        /// items, and the id is matched against what the user typed, prefixes included.
        public var id: String
        public var title: String
        /// Shown after the title in an ambiguity message ("done", "in Tickets").
        public var detail: String?

        public init(value: Value, id: String, title: String, detail: String? = nil) {
            self.value = value
            self.id = id
            self.title = title
            self.detail = detail
        }
    }

    public static func resolve<Value>(
        _ reference: String, among candidates: [Candidate<Value>], kind: String, scope: String? = nil,
        preferring: (Value) -> Bool = { _ in false }
    ) throws -> Value {
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        let lowered = wanted.lowercased()
        let rules: [(Candidate<Value>) -> Bool] = [
            { $0.id == wanted },
            { $0.title.lowercased() == lowered },
            { !wanted.isEmpty && $0.id.lowercased().hasPrefix(lowered) },
            { !wanted.isEmpty && $0.title.lowercased().hasPrefix(lowered) },
        ]
        for rule in rules {
            let matches = candidates.filter(rule)
            if matches.count == 1 { return matches[0].value }
            if matches.count > 1 {
                let preferred = matches.filter { preferring($0.value) }
                if preferred.count == 1 { return preferred[0].value }
                throw ClientError.ambiguous(
                    "“\(wanted)” matches \(matches.count) \(kind)s\(scope.map { " in " + $0 } ?? ""); name one by its id (a prefix is enough):",
                    candidates: matches.map { line($0) }
                )
            }
        }
        throw ClientError.notFound("no \(kind)\(scope.map { " in " + $0 } ?? "") matches “\(wanted)”")
    }

    /// The first 8 characters of an id: enough to be unique in practice, short to type.
    public static func shortID(_ id: String) -> String {
        String(id.prefix(8))
    }

    private static func line<Value>(_ candidate: Candidate<Value>) -> String {
        shortID(candidate.id) + "  " + candidate.title + (candidate.detail.map { "  (\($0))" } ?? "")
    }
}
