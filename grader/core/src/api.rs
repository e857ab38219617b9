//! An exercise's function as the learner declares it, derived from the grader's own
//! types for its arguments and answer: the signature the hidden tests call, and the
//! `main` of the learner's program, which decodes each case, calls the learner's
//! function and encodes the answer with the learner's own types.
//!
//! The grader's derive macros (`xorlings-derive`) implement [`ApiType`] for the structs
//! and enums of an API, and [`Arguments`] for a function's arguments; the impls for
//! numbers, `bool`, `Vec`, `Option`, `Result` and pairs are here.

use std::fmt;

use crate::CRATE_NAME;
use crate::wire::Wire;

/// A type of an exercise's API, as the learner's stub writes it.
pub trait ApiType: Wire {
    /// How the learner writes the type: `Vec<u64>`, `Option<Move>`.
    fn rust_type() -> String;
    /// How the learner's function takes a parameter of this type: a `Vec<u64>` as
    /// `&[u64]`, anything else as it is.
    fn parameter_type() -> String {
        Self::rust_type()
    }
    /// How the runner reads an argument of this type from a case's words: the type it
    /// holds it as, and the expression that takes it from `words`.
    fn runner_take() -> (String, String) {
        (
            Self::rust_type(),
            format!("::{CRATE_NAME}::wire::Wire::take(words)?"),
        )
    }
    /// Adds the code the runner needs for the learner's own version of this type: the
    /// [`Wire`] impl of each struct and enum the stub declares.
    fn runner_code(_code: &mut RunnerCode) {}
}

/// A function's arguments, as one struct of the grader (`#[derive(Arguments)]`): one
/// field per parameter, in order.
pub trait Arguments: Wire {
    /// Each parameter's name and type, as the struct writes them.
    const FIELDS: &'static [(&'static str, &'static str)];
    /// Each parameter's type as the learner's function takes it ([`ApiType::parameter_type`]).
    fn parameter_types() -> Vec<String>;
    /// How the runner reads each parameter ([`ApiType::runner_take`]).
    fn runner_takes() -> Vec<(String, String)>;
    /// Adds the runner's code for the parameters' types ([`ApiType::runner_code`]).
    fn runner_code(code: &mut RunnerCode);
}

/// The code the runner needs for the learner's own types: each type's name and its
/// [`Wire`] impl, once each.
#[derive(Debug, Default)]
pub struct RunnerCode {
    types: Vec<(&'static str, &'static str)>,
}

impl RunnerCode {
    /// The code for the types of a function taking `A` and returning `R`.
    fn of<A: Arguments, R: ApiType>() -> RunnerCode {
        let mut code = RunnerCode::default();
        A::runner_code(&mut code);
        R::runner_code(&mut code);
        code
    }

    /// The names of the types, in the order they were added.
    fn names(&self) -> Vec<&'static str> {
        self.types.iter().map(|(name, _)| *name).collect()
    }

    /// Adds the [`Wire`] impl of the type called `name`, unless it is there already.
    pub fn add(&mut self, name: &'static str, wire_impl: &'static str) {
        if !self.types.iter().any(|(added, _)| *added == name) {
            self.types.push((name, wire_impl));
        }
    }
}

/// The function the hidden tests call, as the stub declares it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signature {
    pub function: &'static str,
    /// Each parameter's name and type: `("heaps", "&[u64]")`.
    pub parameters: Vec<(&'static str, String)>,
    pub answer: String,
    /// The stub's own structs and enums that the parameters and the answer use (`Move`),
    /// which the hidden tests read as the stub declares them.
    pub types: Vec<&'static str>,
}

impl Signature {
    /// The signature of `function`, taking `A` and returning `R`.
    pub fn of<A: Arguments, R: ApiType>(function: &'static str) -> Signature {
        let names = A::FIELDS.iter().map(|(name, _)| *name);
        Signature {
            function,
            parameters: names.zip(A::parameter_types()).collect(),
            answer: R::rust_type(),
            types: RunnerCode::of::<A, R>().names(),
        }
    }
}

impl fmt::Display for Signature {
    /// `xor_all(heaps: &[u64]) -> u64`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parameters: Vec<String> = self
            .parameters
            .iter()
            .map(|(name, parameter_type)| format!("{name}: {parameter_type}"))
            .collect();
        write!(
            f,
            "{}({}) -> {}",
            self.function,
            parameters.join(", "),
            self.answer
        )
    }
}

/// The `main.rs` of a learner's program: the learner's `lib.rs` as the module
/// `learner`, the runner's [`Wire`] impls for the learner's own types, and a `main` that
/// answers every case by calling the learner's `function` with arguments `A`, returning
/// `R`. The call names no argument types: the learner's own signature decides how each
/// argument is lent ([`crate::wire::Lend`]); the answer must be an `R`. The function
/// runs on a stack of `stack_bytes`.
pub fn runner_main<A: Arguments, R: ApiType>(function: &str, stack_bytes: usize) -> String {
    let code = RunnerCode::of::<A, R>();
    let names = code.names();
    let wire_impls: Vec<&str> = code.types.iter().map(|(_, wire_impl)| *wire_impl).collect();
    let decoded: String = A::FIELDS
        .iter()
        .zip(A::runner_takes())
        .map(|((name, _), (held_as, take))| format!("        let {name}: {held_as} = {take};\n"))
        .collect();
    let lent: Vec<String> = A::FIELDS
        .iter()
        .map(|(name, _)| format!("::{CRATE_NAME}::wire::Lend::lend(&{name})"))
        .collect();
    format!(
        "#[allow(dead_code)]\n#[path = \"src/lib.rs\"]\nmod learner;\n\n\
         #[allow(unused_imports)]\nuse learner::{{{types}}};\n\n{impls}\n\n\
         fn main() {{\n    ::{CRATE_NAME}::runner::run({stack_bytes}, |words: &mut &[u64]| {{\n{decoded}        \
         let answer: {answer} = learner::{function}({lent});\n        Some(answer)\n    }});\n}}\n",
        types = names.join(", "),
        impls = wire_impls.join("\n\n"),
        lent = lent.join(", "),
        answer = R::rust_type(),
    )
}

macro_rules! plain_types {
    ($($type:ty),*) => {
        $(
            impl ApiType for $type {
                fn rust_type() -> String {
                    stringify!($type).to_string()
                }
            }
        )*
    };
}

plain_types!(u64, usize, bool);

impl<T: ApiType> ApiType for Vec<T> {
    fn rust_type() -> String {
        format!("Vec<{}>", T::rust_type())
    }
    fn parameter_type() -> String {
        format!("&[{}]", T::rust_type())
    }
    /// Words are lent straight from the cases (`wire::take_words`): copying a million
    /// heaps for each case took longer than the learner's code on them.
    fn runner_take() -> (String, String) {
        match T::rust_type() == u64::rust_type() {
            true => (
                "&[u64]".to_string(),
                format!("::{CRATE_NAME}::wire::take_words(words)?"),
            ),
            false => (
                Self::rust_type(),
                format!("::{CRATE_NAME}::wire::Wire::take(words)?"),
            ),
        }
    }
    fn runner_code(code: &mut RunnerCode) {
        T::runner_code(code);
    }
}

impl<T: ApiType> ApiType for Option<T> {
    fn rust_type() -> String {
        format!("Option<{}>", T::rust_type())
    }
    fn runner_code(code: &mut RunnerCode) {
        T::runner_code(code);
    }
}

impl<T: ApiType, E: ApiType> ApiType for Result<T, E> {
    fn rust_type() -> String {
        format!("Result<{}, {}>", T::rust_type(), E::rust_type())
    }
    fn runner_code(code: &mut RunnerCode) {
        T::runner_code(code);
        E::runner_code(code);
    }
}

impl<A: ApiType, B: ApiType> ApiType for (A, B) {
    fn rust_type() -> String {
        format!("({}, {})", A::rust_type(), B::rust_type())
    }
    fn runner_code(code: &mut RunnerCode) {
        A::runner_code(code);
        B::runner_code(code);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_written_as_the_learner_writes_them() {
        assert_eq!(<Vec<Vec<u64>>>::rust_type(), "Vec<Vec<u64>>");
        assert_eq!(<Vec<u64>>::parameter_type(), "&[u64]");
        assert_eq!(
            <Option<(usize, usize)>>::rust_type(),
            "Option<(usize, usize)>"
        );
        assert_eq!(
            <Result<Vec<u64>, bool>>::rust_type(),
            "Result<Vec<u64>, bool>"
        );
    }

    #[test]
    fn the_runner_lends_words_and_decodes_other_vectors() {
        let lent = format!("::{CRATE_NAME}::wire::take_words(words)?");
        assert_eq!(<Vec<u64>>::runner_take(), ("&[u64]".to_string(), lent));
        let decoded = format!("::{CRATE_NAME}::wire::Wire::take(words)?");
        assert_eq!(
            <Vec<usize>>::runner_take(),
            ("Vec<usize>".to_string(), decoded)
        );
    }

    #[test]
    fn the_runners_code_names_each_type_once() {
        let mut code = RunnerCode::default();
        code.add("Move", "impl A");
        code.add("Move", "impl B");
        assert_eq!(code.types, vec![("Move", "impl A")]);
    }
}
