//! Advice as a proven diagnosis. A checker judges one case: the rule the answer breaks;
//! the exercise's classic mistakes, each run as code (a [`Model`]: what code that makes
//! it answers), say which of them give this very answer ([`Wrong`]). A group's cases are
//! evidence ([`Evidence`]): a mistake's advice is shown only when its model gives every
//! wrong answer the group saw (the first [`WEIGHED`] of them), and at least [`PROOF`] of
//! them, and answers right where the learner's code did (the first [`CHECKED_PASSES`]
//! cases it passed), so that a coincidence never names a mistake the code did not make.
//! Otherwise the learner gets the rule alone. Every mistake suspected on the way goes
//! with the decision ([`Mistake::suspected`]), for `dev check` to prove each piece of
//! advice both shown and held back on recorded solutions.

use xorlings_core::verdict::{Mistake, Suspected};

/// The wrong answers of a group weighed as evidence: the first ones, in case order.
pub const WEIGHED: usize = 32;
/// The fewest wrong answers a mistake must explain before its advice is shown.
pub const PROOF: usize = 2;
/// The cases the learner's code passed that can clear a mistake: the first ones.
pub const CHECKED_PASSES: usize = 256;

/// A classic mistake, run as code: whether code that makes it gives an answer.
pub struct Model<I, A> {
    /// A name of its own, for the evidence.
    pub name: &'static str,
    /// Whether code with this mistake answers `answer`, a wrong answer, to `input`: the
    /// model of the mistake, e.g. `|input, &answer| answer == or_of(&input.heaps)` for
    /// "you used OR".
    pub gives: fn(&I, &A) -> bool,
    /// Whether code with this mistake answers `input` wrongly, e.g. `|input|
    /// or_of(&input.heaps) != nim_sum(&input.heaps)`: a case the learner's code passes
    /// where this holds proves the code does not make the mistake.
    pub wrong_on: fn(&I) -> bool,
    /// The advice for it on this case.
    pub advice: fn(&I, &A) -> String,
}

/// A classic mistake that gives a wrong answer, with its advice on that case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suspect {
    pub mistake: &'static str,
    pub advice: String,
}

/// A wrong answer, as its group weighs it: the rule it breaks, in the lesson's words
/// (the checker's), and the classic mistakes that give this answer, the likeliest first
/// (the exercise's `suspects`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wrong {
    pub rule: String,
    pub suspects: Vec<Suspect>,
}

/// The names of `mistakes`: an exercise's [`Function::mistakes`](super::Function::mistakes).
pub fn names<I, A>(mistakes: &[Model<I, A>]) -> Vec<&'static str> {
    mistakes.iter().map(|model| model.name).collect()
}

/// The mistakes of `mistakes` whose models give `answer` on `input`, each with its
/// advice: a wrong answer's suspects.
pub fn suspects_of<I, A>(mistakes: &[Model<I, A>], input: &I, answer: &A) -> Vec<Suspect> {
    mistakes
        .iter()
        .filter(|model| (model.gives)(input, answer))
        .map(|model| Suspect {
            mistake: model.name,
            advice: (model.advice)(input, answer),
        })
        .collect()
}

/// Whether the code of `mistake`, one of `mistakes`, answers `input` wrongly.
pub fn wrong_under<I, A>(mistakes: &[Model<I, A>], input: &I, mistake: &str) -> bool {
    mistakes
        .iter()
        .any(|model| model.name == mistake && (model.wrong_on)(input))
}

impl Wrong {
    pub fn new(rule: impl Into<String>) -> Self {
        Wrong {
            rule: rule.into(),
            suspects: Vec::new(),
        }
    }

    /// Suspects `mistake`, whose model the checker ran and found to give this answer.
    pub fn suspect(mut self, mistake: &'static str, advice: impl Into<String>) -> Self {
        self.suspects.push(Suspect {
            mistake,
            advice: advice.into(),
        });
        self
    }

    /// [`Wrong::suspect`], when the checker found one.
    pub fn maybe_suspect(self, suspect: Option<(&'static str, String)>) -> Self {
        match suspect {
            Some((mistake, advice)) => self.suspect(mistake, advice),
            None => self,
        }
    }

    /// The rule alone, or with the advice of the first of its suspects `evidence`
    /// proves; with the evidence's suspects either way.
    pub fn decided(self, evidence: &Evidence) -> Mistake {
        let proven = self
            .suspects
            .into_iter()
            .find(|suspect| evidence.proves(suspect.mistake));
        let mut mistake = Mistake::new(self.rule);
        if let Some(suspect) = proven {
            mistake.advice = Some(suspect.advice);
            mistake.diagnosis = Some(suspect.mistake);
        }
        mistake.suspected = evidence.suspected();
        mistake
    }
}

/// What the wrong answers of one group say about the classic mistakes.
#[derive(Debug, Clone, Default)]
pub struct Evidence {
    /// Wrong answers weighed.
    weighed: usize,
    /// The mistakes whose models gave every one of them.
    explaining: Vec<&'static str>,
    /// The mistakes whose models gave any of them, each with its advice on the first.
    suspected: Vec<Suspect>,
}

impl Evidence {
    /// Weighs one more wrong answer (past the first [`WEIGHED`], nothing changes).
    pub fn weigh(&mut self, wrong: &Wrong) {
        if self.weighed == WEIGHED {
            return;
        }
        let named: Vec<&'static str> = wrong.suspects.iter().map(|s| s.mistake).collect();
        for suspect in &wrong.suspects {
            if !self.suspected.iter().any(|s| s.mistake == suspect.mistake) {
                self.suspected.push(suspect.clone());
            }
        }
        if self.weighed == 0 {
            self.explaining = named;
        } else {
            self.explaining.retain(|mistake| named.contains(mistake));
        }
        self.weighed += 1;
    }

    /// Whether more wrong answers are still weighed.
    pub fn weighing(&self) -> bool {
        self.weighed < WEIGHED
    }

    /// The mistakes whose models gave every wrong answer weighed so far.
    pub fn explaining(&self) -> Vec<&'static str> {
        self.explaining.clone()
    }

    /// Clears `mistake`: its code answers wrongly a case the learner's code passed.
    pub fn clear(&mut self, mistake: &str) {
        self.explaining.retain(|m| *m != mistake);
    }

    /// Whether `mistake`'s model gave every wrong answer weighed, and enough of them.
    pub fn proves(&self, mistake: &str) -> bool {
        self.weighed >= PROOF && self.explaining.contains(&mistake)
    }

    /// Every mistake suspected on a wrong answer weighed, in the order first suspected,
    /// and whether it is proven.
    pub fn suspected(&self) -> Vec<Suspected> {
        self.suspected
            .iter()
            .map(|suspect| Suspected {
                mistake: suspect.mistake,
                advice: suspect.advice.clone(),
                proven: self.proves(suspect.mistake),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn or(heaps: &[u64]) -> u64 {
        heaps.iter().fold(0, |x, &h| x | h)
    }
    fn and(heaps: &[u64]) -> u64 {
        heaps.iter().fold(u64::MAX, |x, &h| x & h)
    }
    fn xor(heaps: &[u64]) -> u64 {
        heaps.iter().fold(0, |x, &h| x ^ h)
    }
    const OR: Model<Vec<u64>, u64> = Model {
        name: "or",
        gives: |heaps, &answer| answer == or(heaps),
        wrong_on: |heaps| or(heaps) != xor(heaps),
        advice: |_, _| "You used OR.".to_string(),
    };
    const AND: Model<Vec<u64>, u64> = Model {
        name: "and",
        gives: |heaps, &answer| answer == and(heaps),
        wrong_on: |heaps| and(heaps) != xor(heaps),
        advice: |_, _| "You used AND.".to_string(),
    };

    fn wrong(heaps: &[u64], answer: u64) -> Wrong {
        Wrong {
            rule: "wrong".to_string(),
            suspects: suspects_of(&[OR, AND], &heaps.to_vec(), &answer),
        }
    }

    #[test]
    fn a_mistake_is_named_only_when_it_explains_every_wrong_answer() {
        // [0, 3] answered 0 is what AND gives, by coincidence.
        assert_eq!(wrong(&[0, 3], 0).suspects.len(), 1);
        let mut evidence = Evidence::default();
        evidence.weigh(&wrong(&[0, 3], 0));
        assert!(!evidence.proves("and"), "one case proves nothing");
        assert_eq!(wrong(&[0, 3], 0).decided(&evidence).advice, None);
        // A second wrong answer that AND does not give clears it.
        evidence.weigh(&wrong(&[1, 1], 2));
        assert!(!evidence.proves("and"));
        // OR on two cases is proven, and its advice comes with the case shown.
        let mut or = Evidence::default();
        or.weigh(&wrong(&[1, 1], 1));
        or.weigh(&wrong(&[3, 4], 7));
        let shown = wrong(&[1, 1], 1).decided(&or);
        assert_eq!(shown.advice.as_deref(), Some("You used OR."));
        assert_eq!(shown.diagnosis, Some("or"));
    }

    #[test]
    fn a_case_the_code_passes_clears_a_mistake_its_code_gets_wrong() {
        // Code that answers 0 whenever a heap is empty: each wrong answer is AND's.
        let mut evidence = Evidence::default();
        evidence.weigh(&wrong(&[0, 3], 0));
        evidence.weigh(&wrong(&[5, 0, 6], 0));
        assert!(evidence.proves("and"));
        // But it passes [1, 1], where AND answers 1.
        assert!(wrong_under(&[OR, AND], &vec![1, 1], "and"));
        assert!(!wrong_under(&[OR, AND], &vec![0, 3], "or"));
        evidence.clear("and");
        assert!(!evidence.proves("and"));
        assert_eq!(evidence.explaining(), Vec::<&str>::new());
    }

    #[test]
    fn every_mistake_suspected_goes_with_the_decision() {
        // OR gives both wrong answers; AND gives only the second, by coincidence.
        let mut evidence = Evidence::default();
        evidence.weigh(&wrong(&[1, 2], 3));
        evidence.weigh(&wrong(&[1, 1], 1));
        let decided = wrong(&[1, 2], 3).decided(&evidence);
        assert_eq!(decided.diagnosis, Some("or"));
        let suspected: Vec<(&str, &str, bool)> = decided
            .suspected
            .iter()
            .map(|s| (s.mistake, s.advice.as_str(), s.proven))
            .collect();
        assert_eq!(
            suspected,
            [
                ("or", "You used OR.", true),
                ("and", "You used AND.", false)
            ]
        );
    }

    #[test]
    fn the_evidence_stops_at_its_bound() {
        let mut evidence = Evidence::default();
        for _ in 0..WEIGHED {
            evidence.weigh(&wrong(&[1, 2], 3));
        }
        evidence.weigh(&wrong(&[1, 1], 5));
        assert!(
            evidence.proves("or"),
            "past the bound, answers are not weighed"
        );
    }
}
