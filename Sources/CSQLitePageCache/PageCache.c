/* The wrapper described in include/CSQLitePageCache.h. */
#include "CSQLitePageCache.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

/* The default cache, saved when the wrapper is installed (then never changed). */
static sqlite3_pcache_methods2 checkwire_default_page_cache;

typedef struct {
    sqlite3_pcache *inner;
    /* Where balance_nonroot parks a page: (lock-byte offset / page size) + 1. */
    unsigned parking_key;
    /* At least the largest number of any page in the cache, parked pages aside. */
    unsigned highest_key;
    /* At least the number of pages parked now. */
    unsigned parked;
} checkwire_page_cache;

static int checkwire_page_cache_init(void *arg) {
    (void)arg;
    return checkwire_default_page_cache.xInit(checkwire_default_page_cache.pArg);
}

static void checkwire_page_cache_shutdown(void *arg) {
    (void)arg;
    checkwire_default_page_cache.xShutdown(checkwire_default_page_cache.pArg);
}

static sqlite3_pcache *checkwire_page_cache_create(int page_size, int extra_size, int purgeable) {
    checkwire_page_cache *cache = calloc(1, sizeof *cache);
    if (cache == NULL) return NULL;
    cache->inner = checkwire_default_page_cache.xCreate(page_size, extra_size, purgeable);
    if (cache->inner == NULL) {
        free(cache);
        return NULL;
    }
    /* SQLite's PENDING_BYTE, 0x40000000 unless a test build moves it; if it moved, parked
     * pages count as ordinary ones and no truncation is skipped. */
    cache->parking_key = 0x40000000u / (unsigned)page_size + 1;
    return (sqlite3_pcache *)cache;
}

static void checkwire_page_cache_cachesize(sqlite3_pcache *cache, int pages) {
    checkwire_default_page_cache.xCachesize(((checkwire_page_cache *)cache)->inner, pages);
}

static int checkwire_page_cache_pagecount(sqlite3_pcache *cache) {
    return checkwire_default_page_cache.xPagecount(((checkwire_page_cache *)cache)->inner);
}

static sqlite3_pcache_page *checkwire_page_cache_fetch(sqlite3_pcache *pcache, unsigned key, int create) {
    checkwire_page_cache *cache = (checkwire_page_cache *)pcache;
    sqlite3_pcache_page *page = checkwire_default_page_cache.xFetch(cache->inner, key, create);
    /* Only a fetch that may create adds a page; any key counts, the parking one too. */
    if (page != NULL && create != 0 && key > cache->highest_key) cache->highest_key = key;
    return page;
}

static void checkwire_page_cache_unpin(sqlite3_pcache *cache, sqlite3_pcache_page *page, int discard) {
    checkwire_default_page_cache.xUnpin(((checkwire_page_cache *)cache)->inner, page, discard);
}

static void checkwire_page_cache_rekey(sqlite3_pcache *pcache, sqlite3_pcache_page *page, unsigned old_key,
                                       unsigned new_key) {
    checkwire_page_cache *cache = (checkwire_page_cache *)pcache;
    checkwire_default_page_cache.xRekey(cache->inner, page, old_key, new_key);
    if (new_key == cache->parking_key) {
        cache->parked += 1;
    } else if (new_key > cache->highest_key) {
        cache->highest_key = new_key;
    }
    if (old_key == cache->parking_key && cache->parked > 0) cache->parked -= 1;
}

static void checkwire_page_cache_truncate(sqlite3_pcache *pcache, unsigned limit) {
    checkwire_page_cache *cache = (checkwire_page_cache *)pcache;
    /* Every page is below the limit: nothing to remove, and no walk. */
    if (cache->parked == 0 && limit > cache->highest_key) return;
    checkwire_default_page_cache.xTruncate(cache->inner, limit);
    if (limit <= cache->highest_key) cache->highest_key = limit > 0 ? limit - 1 : 0;
    if (limit <= cache->parking_key) cache->parked = 0;
}

static void checkwire_page_cache_destroy(sqlite3_pcache *pcache) {
    checkwire_page_cache *cache = (checkwire_page_cache *)pcache;
    checkwire_default_page_cache.xDestroy(cache->inner);
    free(cache);
}

static void checkwire_page_cache_shrink(sqlite3_pcache *cache) {
    checkwire_default_page_cache.xShrink(((checkwire_page_cache *)cache)->inner);
}

static int checkwire_install_page_cache(void) {
    if (checkwire_default_page_cache.xFetch != NULL) return SQLITE_OK;
    sqlite3_pcache_methods2 defaults;
    memset(&defaults, 0, sizeof defaults);
    int result = sqlite3_config(SQLITE_CONFIG_GETPCACHE2, &defaults);
    if (result != SQLITE_OK) return result;
    checkwire_default_page_cache = defaults;
    sqlite3_pcache_methods2 wrapper = {
        1, NULL, checkwire_page_cache_init, checkwire_page_cache_shutdown, checkwire_page_cache_create,
        checkwire_page_cache_cachesize, checkwire_page_cache_pagecount, checkwire_page_cache_fetch,
        checkwire_page_cache_unpin, checkwire_page_cache_rekey, checkwire_page_cache_truncate,
        checkwire_page_cache_destroy, checkwire_page_cache_shrink,
    };
    result = sqlite3_config(SQLITE_CONFIG_PCACHE2, &wrapper);
    if (result != SQLITE_OK) memset(&checkwire_default_page_cache, 0, sizeof checkwire_default_page_cache);
    return result;
}

int checkwire_page_cache_installed(void) { return checkwire_default_page_cache.xFetch != NULL; }

/* SQLite takes a page cache only before its first connection in the process; a constructor
 * runs before any of them in every process that links the store (the server, the tests). */
__attribute__((constructor)) static void checkwire_page_cache_install_at_load(void) {
    (void)checkwire_install_page_cache();
}
