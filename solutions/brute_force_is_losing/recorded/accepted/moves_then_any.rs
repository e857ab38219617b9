//! Correct: lists the moves with an `all_moves` helper, then asks whether any of them
//! reaches a losing position, with a memo on sorted positions kept in a `HashMap`.
use std::collections::HashMap;

fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (index, &size) in heaps.iter().enumerate() {
        for new_size in 0..size {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            moves.push(next);
        }
    }
    moves
}

fn losing(mut heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    heaps.sort_unstable();
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let answer = !all_moves(&heaps).into_iter().any(|next| losing(next, memo));
    memo.insert(heaps, answer);
    answer
}

pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    losing(heaps.to_vec(), &mut HashMap::new())
}
