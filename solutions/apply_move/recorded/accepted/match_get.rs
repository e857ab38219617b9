//! Correct: one `match` on `heaps.get(heap_index)`, with a guard for the size.

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
    match heaps.get(heap_index) {
        None => Err(MoveError::NoSuchHeap {
            heap_index,
            heap_count: heaps.len(),
        }),
        Some(&size) if new_size >= size => Err(MoveError::NotSmaller {
            heap_index,
            size,
            new_size,
        }),
        Some(_) => {
            let mut after = heaps.to_vec();
            after[heap_index] = new_size;
            Ok(after)
        }
    }
}
