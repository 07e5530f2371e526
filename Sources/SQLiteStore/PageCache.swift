import CSQLitePageCache

extension SQLiteStorage {
    /// Whether this process's SQLite connections use `CSQLitePageCache`: SQLite's own page
    /// cache without its walk of the whole cache at commits (see its header for why). It is
    /// installed as the program loads; false only if SQLite refused it, and then the default
    /// cache is used, slower at commits and otherwise the same.
    public static var pageCacheWrapped: Bool { checkwire_page_cache_installed() != 0 }
}
