//! Two slips at once: it reads the heap's size before checking the index (a missing
//! heap counts as 0), and it fills NotSmaller with its sizes swapped. An index out of
//! range gets NotSmaller; a heap that would grow gets its fields the wrong way round.
//! Neither slip explains every wrong answer, so the grader names neither.
// expect: wrong answer
// expect: There is no heap 0
// expect-not: You swapped size and new_size
// expect-not: Check the index first

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
    let size = heaps.get(heap_index).copied().unwrap_or(0);
    if new_size >= size {
        return Err(MoveError::NotSmaller {
            heap_index,
            size: new_size,
            new_size: size,
        });
    }
    let mut after = heaps.to_vec();
    after[heap_index] = new_size;
    Ok(after)
}
