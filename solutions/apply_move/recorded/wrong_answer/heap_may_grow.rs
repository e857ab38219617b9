//! Refuses a move that takes 0 stones but not one that adds stones: the heap may grow.
// expect: wrong answer
// expect: Heap 0 would grow from 0 to 1: a move only takes stones away.
// expect-not: 0-based
// expect-not: unchanged

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
    if heap_index >= heaps.len() {
        return Err(MoveError::NoSuchHeap {
            heap_index,
            heap_count: heaps.len(),
        });
    }
    let size = heaps[heap_index];
    // Taking nothing is no move... but a bigger heap slips through.
    if new_size == size {
        return Err(MoveError::NotSmaller {
            heap_index,
            size,
            new_size,
        });
    }
    let mut after = heaps.to_vec();
    after[heap_index] = new_size;
    Ok(after)
}
