//! Works with the last index, `heaps.len() - 1`, and reports it as heap_count: that
//! is one too few, and on an empty position the subtraction itself underflows (a
//! panic in a debug build), so the empty position is where it fails first.
// expect: panicked
// expect: attempt to subtract with overflow
// expect: heaps.len() - 1

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
    let last = heaps.len() - 1;
    if heap_index > last {
        return Err(MoveError::NoSuchHeap {
            heap_index,
            heap_count: last,
        });
    }
    let size = heaps[heap_index];
    if new_size >= size {
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
