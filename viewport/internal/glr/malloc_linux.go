package glr

/*
#include <stdlib.h> // defines __GLIBC__ with glibc
#ifdef __GLIBC__
#include <malloc.h>
static void keep_freed_memory(void) {
	// 32 MiB is the largest mmap threshold glibc accepts on 64-bit.
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 512 << 20);
}
#else
static void keep_freed_memory(void) {}
#endif
*/
import "C"

import "sync"

var keepOnce sync.Once

// keepDriverMemory stops glibc's allocator from handing freed memory back
// to the kernel after every frame. Mesa allocates its vertex buffers per
// draw and frees them after; with glibc's defaults, the blocks of a big
// mesh (tens of MB a frame for 65,535 skinned triangles) are unmapped or
// trimmed on free, so every frame faults them back in page by page and the
// kernel zeroes them: 3,900–4,700 page faults a frame on the stress model, and
// the kernel's work was a quarter of its render's CPU under llvmpipe. Keeping freed blocks in the
// process costs at most the driver's peak use, which it reaches every frame
// anyway. It is process-wide and set once.
func keepDriverMemory() {
	keepOnce.Do(func() { C.keep_freed_memory() })
}
