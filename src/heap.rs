//! How the C library's allocator treats freed memory in short runs.

/// Keeps freed memory in the process for reuse: the allocator neither gives the top of its heap
/// back to the system nor serves large blocks from their own mappings, which it would unmap on
/// free. The drop-in runs for milliseconds and builds and frees patterns, subjects and PCRE2's
/// JIT buffers at every square size; memory handed back is faulted in again at the next one
/// (anisg_valid_19, three patterns: 333 → 307 page faults, 0.2–0.7 ms of 4.2 ms CPU;
/// docs/performance.md, "Fewer fixed costs per size"). Freed memory goes back to the system at
/// the exit instead. Does nothing off glibc.
pub fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        /// Heap tops freed past this stay (glibc's default is 128 KiB).
        const TRIM_THRESHOLD: libc::c_int = 1 << 30;
        /// Blocks up to this come from the heap (glibc's default starts at 128 KiB).
        const MMAP_THRESHOLD: libc::c_int = 32 << 20;
        // SAFETY: mallopt only sets the allocator's parameters, under the allocator's own lock;
        // it touches no memory of ours. A refused setting leaves the default, still correct.
        unsafe {
            libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD);
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
        }
    }
}
