#ifndef WAYFINDER_CSQLITETUNING_SHIM_H
#define WAYFINDER_CSQLITETUNING_SHIM_H
// SQLite's process-wide settings: `sqlite3_config` is variadic, which Swift cannot call.
#include <sqlite3.h>

// For a process that makes one short read (`wayfinder open`): page-cache memory taken a page
// at a time as pages are read, instead of a block of 20 pages set up at the first read, and
// no lookaside memory (about 120 KB set up at each open). Each block costs a page fault per
// page it sets up, more than the read itself needs. Takes effect only before SQLite's first
// use in the process; returns SQLITE_MISUSE after it (nothing changes then).
static inline int wayfinder_sqlite_configure_for_short_reads(void) {
    int code = sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
    if (code != SQLITE_OK) return code;
    return sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0);
}
#endif
