//! Makes the move, then tidies the position by dropping its empty heaps, as if
//! `[3, 0, 5]` and `[3, 5]` were the same answer. They are the same game, but not the
//! same list: the heaps after an empty one change their indices.
// expect: wrong answer
// expect: The position must keep its 1 heap (an emptied heap stays, as 0); yours has 0 heaps.
// expect: You dropped the empty heaps: after the move the position is [0], with its 1 heap.
// expect-not: You sorted the position

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
    // The move is legal: the heaps after it, without the empty ones.
    let mut after = heaps.to_vec();
    after[heap_index] = new_size;
    after.retain(|&heap| heap > 0);
    Ok(after)
}
