//! Shrinking, as property-testing tools do it: the failing case shown is made as simple
//! as it can be while the learner's code still fails it the same way. Each round is one
//! extra run of the learner's program, in the sandbox, on a batch of inputs made from
//! the case ([`Shrink`]: fewer items, smaller values); the simplest one that fails the
//! same way ([`Way`]) is the next round's case. `crate::grading` runs the rounds, a
//! bounded number of them.

use xorlings_core::verdict::Problem;

/// The advice for a case the learner's code failed after other calls, and passed alone
/// in a process of its own: proven by those two runs.
pub const STATE_KEPT: &str = "Run alone, in a fresh process, your function answers this \
case right: what it answers here depends on the calls before it. Look for state kept from one \
call to the next, such as a `static`, a `thread_local!` or a cache that is never cleared, or \
that keeps a longer table than the call asks for. Make each answer depend on the arguments \
alone.";

/// Values that can be made simpler, for shrinking a failing input.
pub trait Shrink: Sized {
    /// Simpler values made from this one (a bounded number of them; none when it is as
    /// simple as it gets).
    fn shrunk(&self) -> Vec<Self>;
}

/// Lists of at most this many items also try each item alone, and each item left out.
const ONE_BY_ONE: usize = 64;
/// Lists of at most this many items also try each item made simpler.
const ITEM_BY_ITEM: usize = 16;

/// Smaller numbers than `value`: 0, 1, each power of two and each power of two less one
/// below it, its half, itself less one, and itself without its lowest or highest set bit
/// or its bits above 31. A bug that depends on a bit shows on a number of few bits.
fn smaller_numbers(value: u64) -> Vec<u64> {
    if value == 0 {
        return Vec::new();
    }
    let highest = 1 << (63 - value.leading_zeros());
    let mut smaller = vec![
        0,
        1,
        value >> 1,
        value - 1,
        value & (value - 1),
        value ^ highest,
    ];
    smaller.push(value & u64::from(u32::MAX));
    for k in 0..64 {
        smaller.push(1 << k);
        smaller.push((1 << k) - 1);
    }
    smaller.retain(|&n| n < value);
    smaller.sort_unstable();
    smaller.dedup();
    smaller
}

impl Shrink for u64 {
    fn shrunk(&self) -> Vec<Self> {
        smaller_numbers(*self)
    }
}

impl Shrink for usize {
    fn shrunk(&self) -> Vec<Self> {
        smaller_numbers(*self as u64)
            .into_iter()
            .map(|n| n as usize)
            .collect()
    }
}

impl Shrink for bool {
    fn shrunk(&self) -> Vec<Self> {
        match self {
            true => vec![false],
            false => Vec::new(),
        }
    }
}

impl<T: Shrink + Clone> Shrink for Vec<T> {
    fn shrunk(&self) -> Vec<Self> {
        let n = self.len();
        if n == 0 {
            return Vec::new();
        }
        let mut shorter = vec![Vec::new()];
        // Starts and ends of every power-of-two length: a million items become one in
        // twenty rounds at most, and usually at once.
        let mut len = 1;
        while len < n {
            shorter.push(self[..len].to_vec());
            shorter.push(self[n - len..].to_vec());
            len *= 2;
        }
        if n <= ONE_BY_ONE {
            for i in 0..n {
                shorter.push(vec![self[i].clone()]);
                let mut without = self.clone();
                without.remove(i);
                shorter.push(without);
            }
        }
        if n <= ITEM_BY_ITEM {
            for i in 0..n {
                for simpler in self[i].shrunk() {
                    let mut changed = self.clone();
                    changed[i] = simpler;
                    shorter.push(changed);
                }
            }
        }
        shorter
    }
}

/// How a case fails, for a smaller case to fail "the same way".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Way {
    /// A wrong answer; when the grader proved the mistake behind it, that mistake must
    /// explain the smaller case's answer too.
    Wrong(Option<&'static str>),
    /// A panic with this message, numbers left out (`index out of bounds: the len is #
    /// but the index is #`), and the advice the exercise gives for it there, numbers
    /// left out too: a smaller case whose advice differs would show advice the failing
    /// case never proved (a 0 among moves that had none).
    Panic(String, Option<String>),
}

impl Way {
    /// How `problem` fails, when a smaller case can fail that way (a time limit, a stack
    /// overflow or a crash ends a run: a batch of candidates would stop there).
    pub fn of(problem: &Problem) -> Option<Way> {
        match problem {
            Problem::WrongAnswer(mistake) => Some(Way::Wrong(mistake.diagnosis)),
            Problem::Panicked { message, advice } => Some(Way::Panic(
                without_numbers(message),
                advice.as_deref().map(without_numbers),
            )),
            _ => None,
        }
    }
}

/// A panic message's first line with each run of digits as `#`: a smaller input
/// panics at another index, the same way.
fn without_numbers(message: &str) -> String {
    let first = message.lines().next().unwrap_or_default();
    let mut out = String::new();
    for c in first.chars() {
        if !c.is_ascii_digit() {
            out.push(c);
        } else if !out.ends_with('#') {
            out.push('#');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use xorlings_core::verdict::Mistake;

    #[test]
    fn numbers_shrink_to_every_width_below_them() {
        assert_eq!(smaller_numbers(0), Vec::<u64>::new());
        assert_eq!(smaller_numbers(1), [0]);
        assert_eq!(smaller_numbers(6), [0, 1, 2, 3, 4, 5]);
        let wide = smaller_numbers((1 << 40) | 7);
        assert!(wide.contains(&(1 << 32)) && wide.contains(&(1 << 40)) && wide.contains(&7));
        assert!(wide.iter().all(|&n| n < (1 << 40) | 7));
    }

    #[test]
    fn lists_shrink_to_shorter_and_simpler_lists() {
        let shrunk = vec![5u64, 9, 2].shrunk();
        for expected in [vec![], vec![5], vec![2], vec![9], vec![5, 2], vec![5, 0, 2]] {
            assert!(shrunk.contains(&expected), "{expected:?} in {shrunk:?}");
        }
        let long: Vec<u64> = (0..1_000_000).collect();
        let shrunk = long.shrunk();
        assert!(shrunk.len() < 50, "a long list tries starts and ends only");
        assert!(shrunk.contains(&vec![999_999]) && shrunk.contains(&vec![0, 1]));
    }

    #[test]
    fn panics_fail_the_same_way_at_other_numbers() {
        let panic = |message: &str| Problem::Panicked {
            message: message.to_string(),
            advice: None,
        };
        assert_eq!(
            Way::of(&panic(
                "index out of bounds: the len is 3 but the index is 3\n  at x.rs:1:2"
            )),
            Way::of(&panic(
                "index out of bounds: the len is 10 but the index is 12"
            ))
        );
        assert_ne!(
            Way::of(&panic("attempt to subtract with overflow")),
            Way::of(&panic("attempt to add with overflow"))
        );
        // The same panic with other advice is another way to fail.
        let advised = |advice: &str| Problem::Panicked {
            message: "index out of bounds: the len is 3 but the index is 3".to_string(),
            advice: Some(advice.to_string()),
        };
        assert_ne!(
            Way::of(&advised("An amount of 0 is not a move.")),
            Way::of(&panic(
                "index out of bounds: the len is 3 but the index is 3"
            ))
        );
        assert_eq!(
            Way::of(&advised("Heap 3 has no index 3.")),
            Way::of(&advised("Heap 12 has no index 12."))
        );
        assert_eq!(
            Way::of(&Problem::WrongAnswer(Mistake::new("wrong"))),
            Some(Way::Wrong(None))
        );
        assert_eq!(Way::of(&Problem::MemoryLimit { advice: None }), None);
    }
}
