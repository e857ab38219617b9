//! How reports name the seed of the random cases. The learners' seed (0) is public:
//! reports name it, so anyone can grade the same cases again. Any other seed is the
//! instructor's, chosen so that code tuned to known cases fails: reports, which go to
//! learners, name it only by a fingerprint that tells two gradings apart without
//! telling the seed. The instructor's own output (stderr, the class's summary) names
//! the seed itself ([`for_instructor`]).

use std::fmt;

use xorlings_course::model::Seed;

/// Hex digits of the fingerprint: 32 bits, so that a random 64-bit seed leaves 2^32
/// seeds with the same fingerprint.
const FINGERPRINT_DIGITS: usize = 8;
/// Seeds below this (fewer than 15 digits) can be found from their fingerprint by
/// trying every number up to them.
const GUESSABLE_BELOW: u64 = 100_000_000_000_000;

/// The seed as a report names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Named {
    /// The learners' own seed.
    Public(u64),
    /// Another seed, by its fingerprint.
    Fingerprint(String),
}

pub(crate) fn named(seed: Seed) -> Named {
    match seed == Seed::DEFAULT {
        true => Named::Public(seed.0),
        false => Named::Fingerprint(fingerprint(seed)),
    }
}

/// The first 8 hex digits of the SHA-1 of `xorlings seed <the seed in decimal>`
/// (`printf 'xorlings seed %s' SEED | sha1sum | cut -c1-8`). What hides the seed is
/// that the hash cannot be run backwards, which SHA-1 still guarantees.
pub(crate) fn fingerprint(seed: Seed) -> String {
    let digest = sha1_smol::Sha1::from(format!("xorlings seed {}", seed.0))
        .digest()
        .to_string();
    digest[..FINGERPRINT_DIGITS].to_string()
}

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Named::Public(seed) => write!(f, "seed {seed}"),
            Named::Fingerprint(fingerprint) => write!(f, "seed fingerprint {fingerprint}"),
        }
    }
}

/// "seed 0", or "seed 123 (fingerprint 1a2b3c4d in the reports)": for the instructor.
pub(crate) fn for_instructor(seed: Seed) -> String {
    match named(seed) {
        Named::Public(seed) => format!("seed {seed}"),
        Named::Fingerprint(fingerprint) => {
            format!("seed {seed} (fingerprint {fingerprint} in the reports)")
        }
    }
}

/// Whether a learner holding a report could find the seed by trying every number up
/// to it.
pub(crate) fn guessable(seed: Seed) -> bool {
    seed != Seed::DEFAULT && seed.0 < GUESSABLE_BELOW
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_seed_is_named_by_a_fingerprint_that_sha1sum_agrees_with() {
        assert_eq!(named(Seed::DEFAULT), Named::Public(0));
        assert_eq!(named(Seed::DEFAULT).to_string(), "seed 0");
        // From coreutils: printf 'xorlings seed %s' SEED | sha1sum | cut -c1-8
        let known = [(42, "85316a20"), (u64::MAX, "b2bccdac")];
        for (seed, digits) in known {
            assert_eq!(named(Seed(seed)), Named::Fingerprint(digits.to_string()));
        }
        let seed = Seed(9_876_543_210_123_456_789);
        assert_eq!(fingerprint(seed), "d8155bd8");
        let shown = named(seed).to_string();
        assert!(!shown.contains(&seed.0.to_string()), "{shown}");
        assert!(for_instructor(seed).contains(&seed.0.to_string()));
        assert!(for_instructor(seed).contains(&fingerprint(seed)));
        assert!(guessable(Seed(42)) && !guessable(seed) && !guessable(Seed::DEFAULT));
    }
}
