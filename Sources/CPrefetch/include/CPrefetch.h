#ifndef CPREFETCH_H
#define CPREFETCH_H

/// Asks the CPU to start bringing the cache line that holds `address`
/// towards the core, without waiting for it: a hint that never faults.
///
/// Swift has no prefetch of its own. A plain load used instead (touching
/// the line) holds up the instructions behind it until the line arrives,
/// which is what scoring and the fit cannot afford on rows they are about
/// to walk.
static inline void bookrec_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
