//! Right answers in quadratic time: it builds the new position by concatenating, which
//! copies everything built so far for every heap. 1,000,000 heaps copy ~4 * 10^12 bytes.
// expect: time limit
// expect: one copy of the heaps per move

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
    if new_size >= size {
        return Err(MoveError::NotSmaller {
            heap_index,
            size,
            new_size,
        });
    }
    // Right answers, but the position is rebuilt from scratch for every heap.
    let mut after: Vec<u64> = Vec::new();
    for (i, &heap) in heaps.iter().enumerate() {
        let value = if i == heap_index { new_size } else { heap };
        after = [after.as_slice(), &[value]].concat();
    }
    Ok(after)
}
