//! Checks the size before the index, reading a missing heap as size 0: an index out of
//! range gets NotSmaller instead of NoSuchHeap.
// expect: wrong answer
// expect: There is no heap 0
// expect: Check the index first
// expect-not: indices are 0-based

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

pub fn apply_move(heaps: &[u64], heap_index: usize, new_size: u64) -> Result<Vec<u64>, MoveError> {
    // A missing heap counts as an empty one, so the size check comes first.
    let size = heaps.get(heap_index).copied().unwrap_or(0);
    if new_size >= size {
        return Err(MoveError::NotSmaller {
            heap_index,
            size,
            new_size,
        });
    }
    if heap_index >= heaps.len() {
        return Err(MoveError::NoSuchHeap {
            heap_index,
            heap_count: heaps.len(),
        });
    }
    let mut after = heaps.to_vec();
    after[heap_index] = new_size;
    Ok(after)
}
