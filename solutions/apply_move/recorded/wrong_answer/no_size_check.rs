//! No size check at all: any new size is accepted, so a "move" may take 0 stones or
//! even add stones. The smallest such case takes 0 stones.
// expect: wrong answer
// expect: This takes 0 stones: heap 0 stays at 0

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
    let mut after = heaps.to_vec();
    after[heap_index] = new_size;
    Ok(after)
}
