//! What overflowed, when a panic says an addition did: proven from the input's values,
//! not guessed from the message. An exercise knows which sum of its input can pass
//! its type's limit; when this input's does not, what overflowed was narrower than the
//! values it added (a counter or an index in a small type), and the advice says so,
//! naming the line the panic points at.

/// The message of a panic on an addition that overflowed.
const ADD_OVERFLOW: &str = "attempt to add with overflow";

/// Whether `message` is a panic on an addition that overflowed.
pub fn is_add_overflow(message: &str) -> bool {
    message.contains(ADD_OVERFLOW)
}

/// The line of the learner's file that a panic's message names: the runner appends
/// "at src/lib.rs:12:9" (a program's panic says "src/main.rs:12:9").
pub fn panic_line(message: &str) -> Option<u32> {
    let at = message
        .find("src/lib.rs:")
        .or_else(|| message.find("src/main.rs:"))?;
    let rest = &message[at..];
    rest.split(':').nth(1)?.parse().ok()
}

/// The advice for an addition that overflowed, on an input whose sum the exercise
/// worries about is `sum` (exact), against `limit`, the largest its type holds:
/// `too_large` when the sum passes it, else the advice for a narrower value.
pub fn add_overflow_advice(message: &str, sum: u128, limit: u128, too_large: &str) -> String {
    if sum > limit {
        return too_large.to_string();
    }
    let at = panic_line(message).map_or_else(String::new, |line| format!(" at line {line}"));
    format!(
        "An addition overflowed{at}, but no sum of this input's values passes {limit}: what \
         overflowed is narrower than the values, such as a counter or an index kept in a u8, \
         u16, u32 or i32. Count in usize, and add sizes in u64."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOTAL: &str = "The total does not fit.";

    #[test]
    fn the_line_of_a_panic_is_read_from_its_location() {
        let message = "attempt to add with overflow\n  at src/lib.rs:12:9";
        assert!(is_add_overflow(message));
        assert_eq!(panic_line(message), Some(12));
        assert_eq!(panic_line("at src/main.rs:7:1"), Some(7));
        assert_eq!(panic_line("attempt to add with overflow"), None);
    }

    #[test]
    fn a_total_is_blamed_only_when_the_input_makes_it_overflow() {
        let message = "attempt to add with overflow\n  at src/lib.rs:4:13";
        let limit = u64::MAX as u128;
        assert_eq!(add_overflow_advice(message, limit + 1, limit, TOTAL), TOTAL);
        let narrow = add_overflow_advice(message, 70_000, limit, TOTAL);
        assert!(narrow.contains("overflowed at line 4"), "{narrow}");
        assert!(narrow.contains("a counter or an index"), "{narrow}");
        assert!(!narrow.contains(TOTAL));
    }
}
