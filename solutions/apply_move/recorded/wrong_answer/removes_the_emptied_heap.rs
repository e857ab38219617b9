//! Takes a heap that a move empties out of the list, but keeps the heaps that were
//! empty before. Where the position has no other empty heap, that looks like dropping
//! every empty heap; where it has one, it does not, so that advice is held back.
// expect: wrong answer
// expect: an emptied heap stays, as 0
// expect-not: You dropped the empty heaps

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
    // The move is legal: the heaps after it, the emptied heap taken away.
    let mut after = heaps.to_vec();
    if new_size == 0 {
        after.remove(heap_index);
    } else {
        after[heap_index] = new_size;
    }
    Ok(after)
}
