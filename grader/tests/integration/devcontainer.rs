//! The dev container (`.devcontainer/`): a learner on any machine, or in GitHub
//! Codespaces, gets Linux with the whole sandbox, rust-analyzer and `cargo grader watch`
//! ready. Its file must be plain JSON (no comments, no trailing commas), so that every
//! tool that reads it (VS Code, the dev container CLI, Codespaces) reads the same.

use crate::common;

use std::path::PathBuf;

use common::repo_root;
use serde_json::Value;

const FILE: &str = ".devcontainer/devcontainer.json";

fn folder() -> PathBuf {
    repo_root().join(".devcontainer")
}

/// The file, parsed by a strict JSON parser.
fn config() -> Value {
    let text = std::fs::read_to_string(repo_root().join(FILE)).expect("the file is there");
    let config: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{FILE} is not plain JSON: {e}"));
    assert!(config.is_object(), "{FILE} holds one object");
    config
}

/// What the container is built from: the Dockerfile the file names, with its line
/// continuations joined.
fn dockerfile(config: &Value) -> String {
    let name = config["build"]["dockerfile"]
        .as_str()
        .expect("the container is built from a Dockerfile (build.dockerfile)");
    let path = folder().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{FILE} names {}: {e}", path.display()));
    text.replace("\\\n", " ")
}

/// The instructions of a Dockerfile (comments left out), as their words.
fn instructions(dockerfile: &str) -> Vec<Vec<String>> {
    dockerfile
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// A lifecycle command's shell words: a string is one command line, an array one
/// command, an object several commands run side by side.
fn command_words(command: &Value) -> Vec<Vec<String>> {
    match command {
        Value::String(line) => line
            .split(['&', ';', '|', '(', ')'])
            .map(|part| part.split_whitespace().map(str::to_string).collect())
            .filter(|words: &Vec<String>| !words.is_empty())
            .collect(),
        Value::Array(words) => vec![
            words
                .iter()
                .map(|w| {
                    w.as_str()
                        .expect("a command's words are strings")
                        .to_string()
                })
                .collect(),
        ],
        Value::Object(commands) => commands.values().flat_map(command_words).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn the_file_is_plain_json_and_builds_from_the_dockerfile_beside_it() {
    let config = config();
    assert!(
        config["name"].as_str().is_some_and(|n| !n.is_empty()),
        "the container has a name"
    );
    assert!(config.get("image").is_none(), "one source: the Dockerfile");
    let dockerfile = dockerfile(&config);
    assert!(
        instructions(&dockerfile)
            .iter()
            .any(|words| words[0] == "FROM"),
        "the Dockerfile starts from an image"
    );
}

#[test]
fn the_image_has_stable_rust_with_rustfmt_clippy_and_what_rust_analyzer_reads() {
    let dockerfile = dockerfile(&config());
    let instructions = instructions(&dockerfile);
    let from = instructions
        .iter()
        .find(|words| words[0] == "FROM")
        .expect("a FROM line");
    // The official Rust image: rustup and the latest stable Rust (`1` follows stable), on
    // buildpack-deps, which brings gcc (the `cc` rustc links with) and git.
    let image = &from[1];
    assert!(
        image.starts_with("rust:1-") || image == "rust:1",
        "the image is the official Rust image at stable, not {image}"
    );
    let added: Vec<&str> = instructions
        .iter()
        .filter_map(|words| {
            let at = words
                .windows(3)
                .position(|w| w[0] == "rustup" && w[1] == "component" && w[2] == "add")?;
            Some(
                words[at + 3..]
                    .iter()
                    .take_while(|w| !w.starts_with('&') && !w.starts_with(';'))
                    .map(String::as_str)
                    .collect::<Vec<_>>(),
            )
        })
        .flatten()
        .collect();
    for component in ["rustfmt", "clippy", "rust-src"] {
        assert!(
            added.contains(&component),
            "the Dockerfile adds the {component} component (it adds {added:?})"
        );
    }
}

#[test]
fn vs_code_gets_the_rust_analyzer_extension() {
    let config = config();
    let extensions = config["customizations"]["vscode"]["extensions"]
        .as_array()
        .expect("customizations.vscode.extensions is a list");
    assert!(
        extensions.iter().any(|e| e == "rust-lang.rust-analyzer"),
        "the extensions include rust-lang.rust-analyzer: {extensions:?}"
    );
}

#[test]
fn the_grader_is_built_when_the_container_is_created() {
    let config = config();
    let command = config
        .get("postCreateCommand")
        .expect("a postCreateCommand builds the grader");
    let commands = command_words(command);
    let builds_grader = commands.iter().any(|words| {
        let package = words
            .windows(2)
            .any(|w| (w[0] == "-p" || w[0] == "--package") && w[1] == "grader")
            || words.iter().any(|w| w == "--package=grader");
        words.len() >= 2 && words[0] == "cargo" && words[1] == "build" && package
    });
    assert!(
        builds_grader,
        "postCreateCommand runs `cargo build --package grader`, so that `cargo grader \
         watch` starts at once: {command}"
    );
}

/// Docker's default seccomp profile lets a container call landlock_create_ruleset,
/// landlock_add_rule, landlock_restrict_self (since Docker 23.0), seccomp and prctl
/// (no_new_privs, the child subreaper): the sandbox needs nothing more. So the
/// container keeps Docker's defaults, and nothing of it (run arguments, or a feature
/// such as the dev containers' Rust feature, which asks for `seccomp=unconfined` and
/// SYS_PTRACE for debuggers) loosens them.
#[test]
fn the_container_keeps_dockers_default_confinement() {
    let config = config();
    let mut asked: Vec<String> = Vec::new();
    for key in ["runArgs", "securityOpt", "capAdd"] {
        if let Some(values) = config.get(key) {
            let values = values.as_array().expect("a list");
            asked.extend(values.iter().map(|v| format!("{key}: {v}")));
        }
    }
    if config.get("privileged").is_some_and(|p| p != false) {
        asked.push("privileged".to_string());
    }
    if let Some(features) = config.get("features").and_then(Value::as_object) {
        asked.extend(features.keys().map(|k| format!("feature {k}")));
    }
    assert!(
        asked.is_empty(),
        "the sandbox needs no extra privilege nor features: {asked:?}"
    );
}

/// The learner works as a user of their own, not root: files the container writes
/// into a bind-mounted checkout belong to the learner on the host.
#[test]
fn the_learner_is_not_root() {
    let config = config();
    let user = config["remoteUser"]
        .as_str()
        .expect("remoteUser names the learner's user");
    assert_ne!(user, "root");
    let dockerfile = dockerfile(&config);
    let instructions = instructions(&dockerfile);
    // `ARG USERNAME=learner` then `useradd ... "$USERNAME"`, or the name itself.
    let argument = instructions.iter().find_map(|words| {
        (words[0] == "ARG")
            .then(|| words.get(1)?.strip_prefix("USERNAME="))
            .flatten()
    });
    let created = instructions.iter().any(|words| {
        let Some(at) = words.iter().position(|w| w == "useradd") else {
            return false;
        };
        words[at + 1..]
            .iter()
            .take_while(|w| *w != "&&")
            .map(|w| w.trim_matches('"'))
            .any(|w| w == user || (w == "$USERNAME" && argument == Some(user)))
    });
    assert!(created, "the Dockerfile creates the user {user}");
    let last_user = instructions
        .iter()
        .rev()
        .find(|words| words[0] == "USER")
        .map(|words| words[1].as_str());
    assert!(
        matches!(last_user, Some(u) if u == user || (u == "$USERNAME" && argument == Some(user))),
        "the image runs as {user} (its last USER line: {last_user:?})"
    );
}
