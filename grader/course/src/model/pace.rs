//! What a time limit says, from how the learner's run times grow across the groups.
//! A group that ran out of time has no time of its own beyond the limit, and answered
//! its cases up to the one it was working on: the size it is measured by is that of
//! those cases (an upper bound of what it did in the limit), and only the groups that
//! finished are measured by their time. Each claim is one those numbers prove.
//!
//! - Growth faster than the input: a finished group took `t` on a size `s`, and the
//!   group that ran out of time did at most a size `S` in the limit `L`, with `L / t`
//!   more than [`GROWTH_MARGIN`] times `S / s`. The work outgrew the input (a process's
//!   start-up and a per-case cost only make small groups look slower, which weakens
//!   this evidence, never forges it).
//! - A pace in step with the input: no such evidence; a finished group, long enough to
//!   be measured, with a case at least half as large as the one the time ran out on
//!   (so that growth within a case would have shown); and at its pace, the size `S`
//!   takes longer than the limit. What costs is the work per item, not its growth.
//! - Work that small inputs cannot explain: the cases of a group up to the one running
//!   when the time ran out hold at most [`TINY`] items in all (in what the expected cost
//!   counts), yet they took the whole limit.
//! - Otherwise nothing is claimed: the expected cost alone.

use std::time::Duration;

use super::show::thousands;

/// How much faster than the input the time must grow before it is called so.
pub const GROWTH_MARGIN: f64 = 4.0;
/// Cases of at most this size in all are no work at the expected cost.
pub const TINY: u64 = 1_000;

/// The advice for a run that ran out of time within cases whose sizes add up to
/// `prefix_size`, when that is tiny.
pub fn tiny_cases_advice(prefix_size: u64) -> Option<String> {
    (prefix_size <= TINY).then(|| {
        format!(
            "The cases of this group up to this one are tiny (their sizes add up to {}), yet \
             your code used the whole time limit on them: look for a loop that never ends, or \
             a search that repeats its own work.",
            thousands(prefix_size)
        )
    })
}

/// A finished group is a measure of the pace only when it ran at least the limit
/// divided by this: a shorter run is mostly the start of a process.
const MEASURABLE: f64 = 40.0;

/// One group's run, as the pace sees it. Sizes are in what the exercise's expected cost
/// counts.
#[derive(Debug, Clone)]
pub struct Run<'a> {
    pub name: &'a str,
    /// The size of its cases: all of them for a group that finished, those up to the one
    /// it was working on for one that ran out of time.
    pub size: u64,
    /// Its largest case, or the one it was working on when the time ran out.
    pub largest_case: u64,
    pub time: Duration,
    /// Whether it ran to its end within the limit.
    pub finished: bool,
}

/// The advice for the group `timed_out` of `runs`, which ran out of `limit`.
pub fn advice(runs: &[Run], timed_out: usize, limit: Duration) -> Option<String> {
    let slow = &runs[timed_out];
    let limit_s = limit.as_secs_f64();
    let finished = runs
        .iter()
        .filter(|run| run.finished && run.size > 0 && !run.time.is_zero());
    // The finished group against which this one's time grew the most.
    let fastest_growth = finished
        .clone()
        .map(|run| {
            let time_ratio = limit_s / run.time.as_secs_f64();
            let size_ratio = slow.size as f64 / run.size as f64;
            (run, time_ratio / size_ratio)
        })
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((run, growth)) = fastest_growth
        && growth > GROWTH_MARGIN
    {
        let case_ratio = slow.largest_case as f64 / run.largest_case.max(1) as f64;
        return Some(format!(
            "Your code answered every case of the group \"{}\" in {} in all, the largest of \
             them included; this case is {} that largest one, yet your code ran past the {} \
             limit before it finished it: its time grows far faster than its input (more than \
             {} times faster here). Look for work that grows too fast with the input, or a \
             loop that never ends.",
            run.name,
            seconds(run.time),
            relative_size(case_ratio),
            seconds(limit),
            GROWTH_MARGIN as u32
        ));
    }
    let largest = finished
        .filter(|run| run.time.as_secs_f64() * MEASURABLE >= limit_s)
        .filter(|run| run.largest_case.saturating_mul(2) >= slow.largest_case)
        .max_by_key(|run| run.size)?;
    let at_that_pace = largest.time.as_secs_f64() * slow.size as f64 / largest.size as f64;
    (at_that_pace >= limit_s).then(|| {
        format!(
            "At the pace your code answered the group \"{}\" ({} in all, with cases as large \
             as this one), this group's cases up to and with this one take about {:.1} s, past \
             the {} limit, and nothing shows the time growing faster than the input: the work \
             per item is what costs. Do less for each item (one pass instead of several, no new \
             collection per item).",
            largest.name,
            seconds(largest.time),
            at_that_pace,
            seconds(limit),
        )
    })
}

/// "3.2 times as large as", "as large as", "10 times smaller than".
fn relative_size(ratio: f64) -> String {
    if ratio >= 1.05 {
        format!("{} times as large as", rounded(ratio))
    } else if ratio > 0.95 {
        "as large as".to_string()
    } else {
        format!("{} times smaller than", rounded(1.0 / ratio))
    }
}

fn rounded(ratio: f64) -> String {
    match ratio {
        r if r < 10.0 => format!("{r:.1}"),
        r => thousands(r.round() as u64),
    }
}

/// "1.20 s", or "8 ms" for a short time.
fn seconds(time: Duration) -> String {
    match time.as_millis() {
        millis if millis < 100 => format!("{millis} ms"),
        _ => format!("{:.2} s", time.as_secs_f64()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: Duration = Duration::from_secs(2);

    fn run(name: &str, size: u64, largest_case: u64, millis: u64, finished: bool) -> Run<'_> {
        Run {
            name,
            size,
            largest_case,
            time: Duration::from_millis(millis),
            finished,
        }
    }

    #[test]
    fn a_time_that_outgrows_the_input_is_named() {
        // 30,000 items in 20 ms, and 3,000,000 past 2 s: 100 times the size, and the
        // limit only 100 times the time, which a linear pace explains...
        let linear_or_not = [
            run("small", 30_000, 4, 20, true),
            run("large", 3_000_000, 1_000_000, 0, false),
        ];
        assert_eq!(advice(&linear_or_not, 1, LIMIT), None);
        // ...but from 2 ms, the limit is 1,000 times the time for 100 times the size.
        let quadratic = [
            run("small", 30_000, 4, 2, true),
            run("large", 3_000_000, 1_000_000, 0, false),
        ];
        let said = advice(&quadratic, 1, LIMIT).unwrap();
        assert!(
            said.contains("answered every case of the group \"small\" in 2 ms"),
            "{said}"
        );
        assert!(
            said.contains("this case is 250,000 times as large as that largest one"),
            "{said}"
        );
        assert!(said.contains("grows far faster than its input"), "{said}");
        // A smaller group that runs out of time while a larger one finished.
        let endless = [
            run("small", 30_000, 4, 0, false),
            run("wide", 8_000, 20, 5, true),
        ];
        let said = advice(&endless, 0, LIMIT).unwrap();
        assert!(
            said.contains("this case is 5.0 times smaller than"),
            "{said}"
        );
    }

    #[test]
    fn a_pace_in_step_with_the_input_is_named() {
        // 1,200,000 items in 1.2 s: 3,000,000 take 3 s at that pace.
        let linear = [
            run("tiny", 8_000, 20, 10, true),
            run("lengths", 1_200_000, 999_983, 1_200, true),
            run("million", 3_000_000, 1_000_000, 0, false),
        ];
        let said = advice(&linear, 2, LIMIT).unwrap();
        assert!(
            said.contains("answered the group \"lengths\" (1.20 s in all"),
            "{said}"
        );
        assert!(
            said.contains("up to and with this one take about 3.0 s"),
            "{said}"
        );
        assert!(!said.contains("grows far faster"), "{said}");
        // A pace measured on small cases says nothing about a large one: growth within
        // a case would not show there.
        let small_cases = [
            run("small", 30_000, 4, 300, true),
            run("lengths", 112_000, 65_537, 0, false),
        ];
        assert_eq!(advice(&small_cases, 1, LIMIT), None);
    }

    #[test]
    fn tiny_cases_that_run_out_of_time_are_named() {
        assert!(tiny_cases_advice(3).unwrap().contains("sizes add up to 3"));
        assert_eq!(tiny_cases_advice(TINY + 1), None);
    }

    #[test]
    fn without_evidence_nothing_is_claimed() {
        // Every group timed out, or the finished ones ran too short to measure a pace.
        let all = [run("a", 10, 5, 0, false), run("b", 20, 5, 0, false)];
        assert_eq!(advice(&all, 1, LIMIT), None);
        let short = [
            run("tiny", 8_000, 20, 10, true),
            run("million", 3_000_000, 1_000_000, 0, false),
        ];
        assert_eq!(
            advice(&short, 1, LIMIT),
            None,
            "10 ms is mostly a process starting"
        );
    }
}
