/*
 * CFileRead: a read from a file that never waits for the disk, for Swift.
 *
 * Swift's Glibc module is built without _GNU_SOURCE, so it does not declare preadv2(2) or
 * RWF_NOWAIT; this header declares the one call Transport needs and wraps it. No logic.
 */
#ifndef CHECKWIRE_CFILEREAD_H
#define CHECKWIRE_CFILEREAD_H

#include <sys/types.h>
#include <sys/uio.h>

extern ssize_t preadv2(int fd, const struct iovec *iov, int iovcnt, off_t offset, int flags);

/* RWF_NOWAIT from <linux/fs.h> (Linux 4.14). */
#define CHECKWIRE_RWF_NOWAIT 0x00000008

/* Reads up to `count` bytes at `offset` only as far as they are in the page cache: -1 with
 * errno EAGAIN when the first of them is not (reading it would wait for the disk), else as
 * many bytes as were cached, which may be fewer than asked. */
static inline ssize_t checkwire_pread_cached(int fd, void *buffer, size_t count, off_t offset) {
    struct iovec vector = { buffer, count };
    return preadv2(fd, &vector, 1, offset, CHECKWIRE_RWF_NOWAIT);
}

#endif
