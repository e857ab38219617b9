//! Keeps each move set's table in a static cache, extends it when a larger table is
//! asked for, and returns the whole cached table: right while every move set's tables
//! come in increasing sizes, one entry too many per heap it already knows when a smaller
//! one comes after a larger. The same call in a fresh process is right.
// expect: wrong answer
// expect: then the same move sets again and again
// expect: what it answers here depends on the calls before it
use std::collections::HashMap;
use std::sync::Mutex;

static TABLES: Mutex<Option<HashMap<Vec<usize>, Vec<usize>>>> = Mutex::new(None);

pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut tables = TABLES.lock().unwrap();
    let table = tables
        .get_or_insert_with(HashMap::new)
        .entry(moves.to_vec())
        .or_default();
    while table.len() <= max_n {
        let size = table.len();
        let mut seen = vec![false; moves.len() + 1];
        for &amount in moves {
            if (1..=size).contains(&amount) {
                seen[table[size - amount]] = true;
            }
        }
        table.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
    }
    table.clone()
}
