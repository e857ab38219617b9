//! Returns `Result<Vec<u64>, String>` with a message instead of the `MoveError` enum:
//! the hidden tests match on `MoveError`, so the types do not match.
// expect: does not compile
// expect: The hidden tests call `apply_move(heaps: &[u64], heap_index: usize, new_size: u64) -> Result<Vec<u64>, MoveError>`: the signature must stay as the stub declares it, and so must `MoveError`.
// expect-not: [grader]
/// Why a move is illegal (kept from the stub, but no longer returned).
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

pub fn apply_move(heaps: &[u64], heap_index: usize, new_size: u64) -> Result<Vec<u64>, String> {
    let Some(&size) = heaps.get(heap_index) else {
        return Err(format!("there is no heap {heap_index}"));
    };
    if new_size >= size {
        return Err(format!(
            "heap {heap_index} has {size} stones, not more than {new_size}"
        ));
    }
    let mut after = heaps.to_vec();
    after[heap_index] = new_size;
    Ok(after)
}
