//! Correct: `flat_map` over the heaps with their indices, and for each heap a `map`
//! over its smaller sizes, in increasing order.
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    heaps
        .iter()
        .enumerate()
        .flat_map(|(index, &size)| {
            (0..size).map(move |new_size| {
                let mut next = heaps.to_vec();
                next[index] = new_size;
                next
            })
        })
        .collect()
}
