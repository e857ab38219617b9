//! xorlings' grader: grades the exercises with hidden tests, keeps progress, watches
//! files, and lets instructors check the workbook. `main.rs` only parses the command line.

pub mod app;
pub mod cli;
pub mod dev;
pub mod json;
pub mod judge;
pub mod problems;
pub mod progress;
pub mod report;
pub mod verify;
pub mod watch;
pub mod workbook;
pub mod wrap;

/// Every Rust code block of the lessons is a doctest of this crate, so `cargo test`
/// compiles and runs them and every number they print stays true.
#[cfg(doctest)]
pub mod lessons {
    #[doc = include_str!("../../lessons/nim-sum.md")]
    pub struct NimSum;
    #[doc = include_str!("../../lessons/boutons-theorem.md")]
    pub struct BoutonsTheorem;
    #[doc = include_str!("../../lessons/moves.md")]
    pub struct Moves;
    #[doc = include_str!("../../lessons/all-moves.md")]
    pub struct AllMoves;
    #[doc = include_str!("../../lessons/game-search.md")]
    pub struct GameSearch;
    #[doc = include_str!("../../lessons/winning-move.md")]
    pub struct WinningMove;
    #[doc = include_str!("../../lessons/mex.md")]
    pub struct Mex;
    #[doc = include_str!("../../lessons/grundy-numbers.md")]
    pub struct GrundyNumbers;
    #[doc = include_str!("../../lessons/grundy-tables.md")]
    pub struct GrundyTables;
}
