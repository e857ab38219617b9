//! 1-based heap numbers where the exercise asks for 0-based indices: heap_index 0 is
//! refused, and every other index changes the heap before the one asked for.
// expect: wrong answer
// expect: 0-based
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

pub fn apply_move(heaps: &[u64], heap_index: usize, new_size: u64) -> Result<Vec<u64>, MoveError> {
    // heap_index counts from 1 here: heap 1 is heaps[0].
    if heap_index == 0 || heap_index > heaps.len() {
        return Err(MoveError::NoSuchHeap {
            heap_index,
            heap_count: heaps.len(),
        });
    }
    let size = heaps[heap_index - 1];
    if new_size >= size {
        return Err(MoveError::NotSmaller {
            heap_index,
            size,
            new_size,
        });
    }
    let mut after = heaps.to_vec();
    after[heap_index - 1] = new_size;
    Ok(after)
}
