//! Records which cargo builds the grader, whose toolchain then compiles the learner's
//! code when the grader is started without cargo (see `judge::build`).

fn main() {
    println!("cargo::rerun-if-env-changed=CARGO");
    if let Some(cargo) = std::env::var_os("CARGO").and_then(|c| c.into_string().ok()) {
        println!("cargo::rustc-env=XORLINGS_BUILT_BY_CARGO={cargo}");
    }
}
