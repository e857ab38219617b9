//! The hidden tests of each exercise: cases, adapter and checker, one module each.

pub mod apply_move;
pub mod cases;
pub mod grundy;
pub mod is_losing_position;
pub mod nim_winning_move;
pub mod show;
pub mod xor_all;

use std::marker::PhantomData;

use crate::judge::{Judge, JudgeOf};

/// Every exercise the grader can judge, in course order.
pub static JUDGES: [&dyn Judge; 6] = [
    &JudgeOf::<xor_all::XorAll>(PhantomData),
    &JudgeOf::<is_losing_position::IsLosingPosition>(PhantomData),
    &JudgeOf::<apply_move::ApplyMove>(PhantomData),
    &JudgeOf::<nim_winning_move::NimWinningMove>(PhantomData),
    &JudgeOf::<grundy::GrundyNumber>(PhantomData),
    &JudgeOf::<grundy::GrundyTable>(PhantomData),
];

/// The judge for the exercise called `name`.
pub fn judge_for(name: &str) -> Option<&'static dyn Judge> {
    JUDGES.iter().copied().find(|judge| judge.name() == name)
}
