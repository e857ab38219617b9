//! How long a run may take and how it ended, in the words every backend shares, and the
//! watch each backend's wait keeps on a run's time.

use std::time::Duration;

/// How long a run may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline {
    /// The CPU time of all its threads and processes.
    pub cpu: Duration,
    /// The time it may spend using no CPU time: sleeping, blocked, waiting.
    pub waiting: Duration,
    /// Wall-clock time, for a run that uses so little CPU time at once that it would
    /// hold its slot for ever. Where the system tells (Linux), the time the run was held
    /// back by the machine's load is not counted: what counts is the time it had.
    pub wall: Duration,
}

impl Deadline {
    /// Wall-clock time alone: `limit` from the spawn, however the run spends it.
    pub fn wall_only(limit: Duration) -> Deadline {
        Deadline {
            cpu: Duration::MAX,
            waiting: Duration::MAX,
            wall: limit,
        }
    }
}

/// How often a wait looks at its run (its cancel flag, its CPU time and, where the
/// wait bounds it, its memory), at most this long apart.
pub(crate) const CHECK_EVERY: Duration = Duration::from_millis(20);

/// A run that got less than this share of a core (1 in WORKING_SHARE) since the last
/// look was waiting, not working: even on a machine a hundred times over-booked, a run
/// that wants the CPU gets more.
const WORKING_SHARE: u32 = 100;

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// The program exited with this code (and every process of the run was gone).
    Exited(i32),
    /// The program was killed by this signal (on Windows, died of this exception: its
    /// NTSTATUS, as a signed number).
    Signalled(i32),
    /// Stopped once it had waited its time, or at its wall-clock limit.
    TimedOut,
    /// Stopped once its processes had used their CPU time.
    OutOfCpuTime,
    /// Stopped once its processes' memory went over its bound: macOS, where the
    /// system bounds none and the wait watches it.
    OutOfMemory,
    Cancelled,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ended {
    pub how: How,
    /// From the spawn until the last process of the run was gone (or the time-out, or
    /// the cancel).
    pub elapsed: Duration,
    /// The CPU time the run's processes used, their threads included.
    pub cpu: Duration,
}

/// A run's time, look after look: how long it has waited, and whether it is past its
/// deadline.
#[derive(Debug)]
pub(crate) struct Watch {
    deadline: Deadline,
    last: Duration,
    last_cpu: Duration,
    waited: Duration,
    /// The most time held back seen so far: a thread that ended took its own with it.
    held_back: Duration,
}

impl Watch {
    /// The watch of a run first looked at `elapsed` after its spawn.
    pub(crate) fn new(deadline: Deadline, elapsed: Duration) -> Watch {
        Watch {
            deadline,
            last: elapsed,
            last_cpu: Duration::ZERO,
            waited: Duration::ZERO,
            held_back: Duration::ZERO,
        }
    }

    /// Looks at the run, `elapsed` after its spawn with `cpu` used: how it ends, once
    /// it is past its deadline. `held_back`, where the system tells it, is the time the
    /// run spent wanting a core that others had: not its own time.
    pub(crate) fn look(
        &mut self,
        elapsed: Duration,
        cpu: Duration,
        held_back: Option<Duration>,
    ) -> Option<How> {
        let own = match held_back {
            // The time it had, less what it worked: its waiting, however busy the machine.
            Some(held_back) => {
                self.held_back = self.held_back.max(held_back);
                let own = elapsed.saturating_sub(self.held_back);
                self.waited = own.saturating_sub(cpu);
                own
            }
            // Waiting: it used (almost) no CPU time since the last look. A run starved
            // by the machine's load still gets some.
            None => {
                let since = elapsed.saturating_sub(self.last);
                if cpu.saturating_sub(self.last_cpu) * WORKING_SHARE < since {
                    self.waited += since;
                }
                elapsed
            }
        };
        (self.last, self.last_cpu) = (elapsed, cpu);
        if self.waited >= self.deadline.waiting || own >= self.deadline.wall {
            Some(How::TimedOut)
        } else if cpu >= self.deadline.cpu {
            Some(How::OutOfCpuTime)
        } else {
            None
        }
    }

    /// How long the run may still take, by the wall clock.
    pub(crate) fn left(&self, elapsed: Duration) -> Duration {
        self.deadline.wall.saturating_sub(elapsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn a_run_that_works_is_stopped_by_its_cpu_time_and_one_that_waits_by_its_waiting() {
        let deadline = Deadline {
            cpu: 100 * MS,
            waiting: 50 * MS,
            wall: 1000 * MS,
        };
        // Working: the CPU time grows with the clock.
        let mut working = Watch::new(deadline, Duration::ZERO);
        assert_eq!(working.look(60 * MS, 60 * MS, None), None);
        assert_eq!(
            working.look(120 * MS, 110 * MS, None),
            Some(How::OutOfCpuTime)
        );
        // Starved: a tenth of a core is still work, however long it takes.
        let mut starved = Watch::new(deadline, Duration::ZERO);
        assert_eq!(starved.look(500 * MS, 50 * MS, None), None);
        // Waiting: no CPU time for 60 ms.
        let mut waiting = Watch::new(deadline, Duration::ZERO);
        assert_eq!(waiting.look(30 * MS, Duration::ZERO, None), None);
        assert_eq!(
            waiting.look(60 * MS, Duration::ZERO, None),
            Some(How::TimedOut)
        );
        // The wall clock stops anything.
        let mut trickling = Watch::new(deadline, Duration::ZERO);
        assert_eq!(
            trickling.look(1000 * MS, 20 * MS, None),
            Some(How::TimedOut)
        );
        assert_eq!(trickling.left(400 * MS), 600 * MS);
    }

    #[test]
    fn the_time_a_run_is_held_back_is_not_its_own() {
        let deadline = Deadline {
            cpu: 100 * MS,
            waiting: 50 * MS,
            wall: 1000 * MS,
        };
        // Held back 5 s of 5.04 s by a busy machine, it worked 40 ms: neither waiting nor
        // past the wall clock.
        let mut starved = Watch::new(deadline, Duration::ZERO);
        assert_eq!(starved.look(5040 * MS, 40 * MS, Some(5000 * MS)), None);
        // Sleeping 60 ms of its own time is waiting.
        let mut sleeping = Watch::new(deadline, Duration::ZERO);
        assert_eq!(
            sleeping.look(5100 * MS, 40 * MS, Some(5000 * MS)),
            Some(How::TimedOut)
        );
        // A thread that ended (the one that worked) takes its time held back with it:
        // what was seen of it still counts.
        let mut ended = Watch::new(deadline, Duration::ZERO);
        assert_eq!(ended.look(5040 * MS, 40 * MS, Some(5000 * MS)), None);
        assert_eq!(ended.look(5050 * MS, 40 * MS, Some(10 * MS)), None);
        // Trickling: a second of its own is past the wall clock, however little it waited.
        let mut trickling = Watch::new(deadline, Duration::ZERO);
        trickling.deadline.waiting = 2000 * MS;
        assert_eq!(
            trickling.look(9000 * MS, 90 * MS, Some(8000 * MS)),
            Some(How::TimedOut)
        );
    }
}
