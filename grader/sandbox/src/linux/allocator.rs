//! The grader's memory allocator: the system's, but for large blocks (the cases of a
//! grading, millions of heaps), which get mappings of their own that a forked child does
//! not inherit (`MADV_DONTFORK`). Every compile and run starts with a fork of the
//! grader, and a fork copies the page tables of every mapping: a grading holding 40 MB
//! of cases paid about 2 ms for each of its half-dozen spawns, and as much again when
//! the child's exec threw the copy away. The child runs only the sandbox's prepared
//! steps before its exec, which never touch a large block.

use std::alloc::{GlobalAlloc, Layout, System};

/// Blocks this large or larger get mappings of their own.
const LARGE_BYTES: usize = 1 << 20;
/// Mappings are page-aligned, which is alignment enough for any block here.
const PAGE_BYTES: usize = 4096;

/// The system allocator, with large blocks kept from forked children.
pub struct ForkFriendly;

fn is_large(layout: Layout) -> bool {
    layout.size() >= LARGE_BYTES && layout.align() <= PAGE_BYTES
}

/// A new private anonymous mapping of `size` bytes, left out of forks; null on failure.
fn map(size: usize) -> *mut u8 {
    // SAFETY: a fresh anonymous mapping; nothing else refers to it.
    let address = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            size,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if address == libc::MAP_FAILED {
        return std::ptr::null_mut();
    }
    // SAFETY: advice on the mapping just made; a failure only leaves it inherited.
    unsafe { libc::madvise(address, size, libc::MADV_DONTFORK) };
    // SAFETY: as above; huge pages (where the system gives them) fault a case of a
    // million heaps in with a handful of faults instead of thousands.
    unsafe { libc::madvise(address, size, libc::MADV_HUGEPAGE) };
    address.cast()
}

// SAFETY: small blocks are the system allocator's; a large block is a mapping of its
// own, of at least its size, page-aligned (so aligned as asked, `is_large`), zero-filled,
// and unmapped with the same size when freed.
unsafe impl GlobalAlloc for ForkFriendly {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if is_large(layout) {
            return map(layout.size());
        }
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if is_large(layout) {
            // Fresh anonymous mappings are zero-filled.
            return map(layout.size());
        }
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        if is_large(layout) {
            // SAFETY: the block is a mapping of exactly this size (see `alloc`).
            unsafe { libc::munmap(block.cast(), layout.size()) };
            return;
        }
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(block, layout) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract: `new_size` with `layout`'s alignment is valid.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (is_large(layout), is_large(new_layout)) {
            (false, false) => {
                // SAFETY: the caller's contract, passed on.
                unsafe { System.realloc(block, layout, new_size) }
            }
            (true, true) => {
                // SAFETY: the block is a mapping of `layout.size()` bytes; mremap keeps
                // its advice.
                let moved = unsafe {
                    libc::mremap(block.cast(), layout.size(), new_size, libc::MREMAP_MAYMOVE)
                };
                if moved == libc::MAP_FAILED {
                    std::ptr::null_mut()
                } else {
                    moved.cast()
                }
            }
            _ => {
                // Across the threshold: a new block, the bytes both hold, the old freed.
                // SAFETY: the caller's contract, passed on; the copy stays within both.
                unsafe {
                    let new_block = self.alloc(new_layout);
                    if !new_block.is_null() {
                        let kept = layout.size().min(new_size);
                        std::ptr::copy_nonoverlapping(block, new_block, kept);
                        self.dealloc(block, layout);
                    }
                    new_block
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Large blocks grow, shrink and cross the threshold with their contents, and a
    /// forked child does not have them.
    #[test]
    fn large_blocks_keep_their_contents_and_stay_out_of_forks() {
        let allocator = ForkFriendly;
        let small = Layout::from_size_align(1000, 8).unwrap();
        // SAFETY: each block is used within its layout, then freed with it.
        unsafe {
            let block = allocator.alloc(small);
            block.write_bytes(7, 1000);
            let grown = allocator.realloc(block, small, 3 << 20);
            assert_eq!(*grown.add(999), 7);
            let large = Layout::from_size_align(3 << 20, 8).unwrap();
            grown.add((3 << 20) - 1).write(9);
            let larger = allocator.realloc(grown, large, 8 << 20);
            assert_eq!((*larger, *larger.add((3 << 20) - 1)), (7, 9));
            let address = larger as usize;
            let child = libc::fork();
            if child == 0 {
                // Only async-signal-safe calls here: is the block's page mapped?
                let page = (address & !(PAGE_BYTES - 1)) as *mut libc::c_void;
                let mapped = libc::msync(page, PAGE_BYTES, libc::MS_ASYNC) == 0;
                libc::_exit(i32::from(mapped));
            }
            let mut status = 0;
            libc::waitpid(child, &mut status, 0);
            assert_eq!(
                libc::WEXITSTATUS(status),
                0,
                "the child inherited a large block"
            );
            let larger_layout = Layout::from_size_align(8 << 20, 8).unwrap();
            let shrunk = allocator.realloc(larger, larger_layout, 500);
            assert_eq!(*shrunk.add(499), 7);
            allocator.dealloc(shrunk, Layout::from_size_align(500, 8).unwrap());
            let zeroed = allocator.alloc_zeroed(large);
            assert_eq!(*zeroed.add(12345), 0);
            allocator.dealloc(zeroed, large);
        }
    }
}
