import ChecklistClient

/// Shell completion of checklist names, from the cache of the last `lists` (no network: a
/// completion must answer at once, also offline).
enum ChecklistNames {
    @Sendable static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let configuration = try? ClientConfiguration.resolve(server: nil),
            let username = configuration.username,
            let lists = configuration.cache(for: username).lists()
        else { return [] }
        let lowered = prefix.lowercased()
        return lists.map(\.title).filter { lowered.isEmpty || $0.lowercased().hasPrefix(lowered) }
    }
}
