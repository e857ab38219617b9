//! Showing inputs and answers the way the lessons write them.

/// How many items of a long list are shown at its start.
const SHOWN_AT_START: usize = 8;

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A list as `[3, 4, 5]`; a long one shortened to its start, its end and its length.
pub fn list<T: std::fmt::Display>(items: &[T]) -> String {
    let join = |items: &[T]| {
        items
            .iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if items.len() <= SHOWN_AT_START + 2 {
        format!("[{}]", join(items))
    } else {
        format!(
            "[{}, ..., {}] ({} items)",
            join(&items[..SHOWN_AT_START]),
            join(&items[items.len() - 2..]),
            thousands(items.len() as u64)
        )
    }
}

/// The nim-sum of a position.
pub fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ h)
}

/// The heaps and their nim-sum in binary columns, as in the lessons, when the
/// position is small enough to read that way.
pub fn binary_columns(heaps: &[u64]) -> Option<String> {
    if heaps.is_empty() || heaps.len() > 6 || heaps.iter().any(|&h| h >= 1 << 16) {
        return None;
    }
    let x = nim_sum(heaps);
    let width = heaps
        .iter()
        .chain([&x])
        .map(|h| 64 - h.leading_zeros() as usize)
        .max()
        .unwrap_or(1)
        .max(1);
    let label = heaps
        .iter()
        .chain([&x])
        .map(|h| h.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for h in heaps {
        out.push_str(&format!("  {h:>label$} = {h:0width$b}\n"));
    }
    out.push_str(&format!("  {:>label$}   {}\n", "", "-".repeat(width)));
    out.push_str(&format!("  {x:>label$} = {x:0width$b}   (nim-sum)\n"));
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_are_shortened() {
        assert_eq!(list(&[3, 4, 5]), "[3, 4, 5]");
        let long: Vec<u64> = (0..1_000_000).collect();
        assert_eq!(
            list(&long),
            "[0, 1, 2, 3, 4, 5, 6, 7, ..., 999998, 999999] (1,000,000 items)"
        );
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(7_380), "7,380");
    }

    #[test]
    fn binary_columns_line_up() {
        assert_eq!(
            binary_columns(&[3, 4, 5]).unwrap(),
            "  3 = 011\n  4 = 100\n  5 = 101\n      ---\n  2 = 010   (nim-sum)\n"
        );
        assert_eq!(binary_columns(&[1 << 20]), None);
    }
}
