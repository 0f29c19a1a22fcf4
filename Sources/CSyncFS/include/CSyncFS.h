#ifndef CSYNCFS_H
#define CSYNCFS_H

#ifdef __linux__
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <unistd.h>

/// `syncfs(2)`: writes every dirty page and inode of the file system that
/// holds the open file `descriptor` to stable storage, in one call. Swift's
/// Glibc module leaves this GNU extension out, hence this one function.
static inline int bookrec_syncfs(int descriptor) {
    return syncfs(descriptor);
}
#endif

#endif
