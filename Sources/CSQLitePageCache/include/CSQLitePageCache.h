/*
 * CSQLitePageCache: SQLite's own page cache, without one walk of the whole cache per commit.
 *
 * Why: every commit ends by truncating the connection's page cache to the database's size
 * (pager.c, pager_end_transaction). The default cache (pcache1) skips that work only while
 * the largest page number it ever held is near the size. But B-tree balancing parks a page at
 * a temporary number, one past the 1 GiB lock-byte page, while it reorders sibling pages
 * (btree.c, balance_nonroot), and that number stays the cache's largest. In a database under
 * 1 GiB every such commit then walks every slot and page of the cache: with the store's
 * 64 MiB cache full, a median of 546 µs per walk, 4-5 % of the store thread under durable
 * edits (docs/benchmarks.md, "SQLite's page cache wrapper").
 *
 * This wrapper passes every call to the default cache, and skips a truncation only when it
 * can prove it would remove nothing: no page was created or moved to a number at or above
 * the limit since the cache's last real truncation, and no page is parked. Every count errs
 * towards passing the truncation on, so the worst case is SQLite's own behaviour. Logic that
 * needs C (sqlite3_config is variadic) and nothing else.
 */
#ifndef CHECKWIRE_CSQLITEPAGECACHE_H
#define CHECKWIRE_CSQLITEPAGECACHE_H

/* Whether this process's connections use the wrapper: 1, or 0 when SQLite refused it. It is
 * installed as the program loads, before any connection (SQLite takes a page cache only
 * then); if it was refused, the default cache stays, slower at commits and otherwise the same. */
int checkwire_page_cache_installed(void);

#endif
