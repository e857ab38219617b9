//! Checks the move and then returns a copy of the heaps as they were: the new size is
//! never written.
// expect: wrong answer
// expect: After the move, heap 0 should hold 0 stones, but yours holds 1 stone.
// expect: You returned the heaps unchanged: set heaps[heap_index] to new_size in the copy.

/// Why a move is illegal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// `heap_index` is not below `heap_count`, the number of heaps.
    NoSuchHeap {
        heap_index: usize,
        heap_count: usize,
    },
    /// `new_size` is not smaller than `size`, the heap's current size.
    NotSmaller {
        heap_index: usize,
        size: u64,
        new_size: u64,
    },
}

/// Returns a new heap list with `heaps[heap_index]` set to `new_size`, or the reason
/// the move is illegal.
pub fn apply_move(heaps: &[u64], heap_index: usize, new_size: u64) -> Result<Vec<u64>, MoveError> {
    let Some(&size) = heaps.get(heap_index) else {
        return Err(MoveError::NoSuchHeap {
            heap_index,
            heap_count: heaps.len(),
        });
    };
    if new_size >= size {
        return Err(MoveError::NotSmaller {
            heap_index,
            size,
            new_size,
        });
    }
    // The move is legal: the heaps after it.
    Ok(heaps.to_vec())
}
