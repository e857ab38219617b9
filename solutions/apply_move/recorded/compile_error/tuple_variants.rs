//! Changes the error enum to tuple variants: the hidden tests read the fields by name,
//! as the stub declares them, so the code does not compile with them.
// expect: does not compile
// expect: The hidden tests call `apply_move(heaps: &[u64], heap_index: usize, new_size: u64) -> Result<Vec<u64>, MoveError>`: the signature must stay as the stub declares it, and so must `MoveError`.
// expect-not: [grader]
/// Why a move is illegal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The index, and the number of heaps.
    NoSuchHeap(usize, usize),
    /// The index, the heap's size, and the new size.
    NotSmaller(usize, u64, u64),
}

pub fn apply_move(heaps: &[u64], heap_index: usize, new_size: u64) -> Result<Vec<u64>, MoveError> {
    let Some(&size) = heaps.get(heap_index) else {
        return Err(MoveError::NoSuchHeap(heap_index, heaps.len()));
    };
    if new_size >= size {
        return Err(MoveError::NotSmaller(heap_index, size, new_size));
    }
    let mut after = heaps.to_vec();
    after[heap_index] = new_size;
    Ok(after)
}
