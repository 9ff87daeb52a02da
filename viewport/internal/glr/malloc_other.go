//go:build !linux

package glr

// keepDriverMemory tunes glibc's allocator on Linux (malloc_linux.go);
// other systems' allocators keep freed memory by themselves.
func keepDriverMemory() {}
