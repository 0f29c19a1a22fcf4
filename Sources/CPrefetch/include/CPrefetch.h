#ifndef CPREFETCH_H
#define CPREFETCH_H

/// Asks the CPU to start bringing the cache line that holds `address`
/// towards the core, without waiting for it: a hint that never faults.
///
/// Swift has no prefetch of its own. A plain load used instead (touching
/// the line) holds up the instructions behind it until the line arrives;
/// on the 6M benchmark this hint made scoring about 10 % faster than such
/// loads.
static inline void bookrec_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
