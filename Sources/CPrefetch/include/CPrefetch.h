// A cache hint for the batch lookups of HometownBoundaries: asks the CPU to start loading a cache line that a
// lookup a few points later will read, so that the memory latency of one lookup overlaps the work of others.
// A compiler builtin (one instruction, no library, no effect on results); Swift has no spelling for it.
#ifndef HOMETOWN_CPREFETCH_H
#define HOMETOWN_CPREFETCH_H

static inline void hometown_prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 0, 3);
#else
    (void)address;
#endif
}

#endif
