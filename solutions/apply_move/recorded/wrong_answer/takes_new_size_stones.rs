//! Reads `new_size` as the number of stones to take: it subtracts it from the heap.
//! With a new size of 0 the heap comes back as it was, but the code does change the
//! heap it is asked to: `apply_move(&[3], 0, 1)` gives `[2]`, not `[1]`.
// expect: wrong answer
// expect: Only heap 0 changes, to
// expect-not: You returned the heaps unchanged

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
    let mut after = heaps.to_vec();
    // Take new_size stones away.
    after[heap_index] -= new_size;
    Ok(after)
}
