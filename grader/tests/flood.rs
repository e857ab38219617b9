//! The course page under a flood from another origin, in a test binary of its own so
//! that it runs alone: what it bounds is time, which other tests running beside it would
//! take. Part of the end-to-end tier (`cargo e2e`).

mod common;

use std::time::Duration;

use common::Workbook;
use common::browser::{Server, drive};

/// Loads of the page, without the flood and under it.
const LOADS: usize = 10;
/// Each load under the flood within this, and a save's verdict on the page within
/// `PUSHED_WITHIN`. A flood that held the server's slots would make a load wait for a
/// slot's 3 s deadline, or fail.
const LOAD_WITHIN: Duration = Duration::from_secs(2);
const PUSHED_WITHIN: Duration = Duration::from_secs(1);

fn millis(result: &serde_json::Value, key: &str) -> Vec<Duration> {
    let values = result[key].as_array();
    let values = values.unwrap_or_else(|| panic!("no {key}: {result}"));
    values
        .iter()
        .map(|ms| Duration::from_millis(ms.as_u64().unwrap()))
        .collect()
}

fn push_time(result: &serde_json::Value, key: &str) -> Duration {
    let ms = result[key].as_u64();
    let ms =
        ms.unwrap_or_else(|| panic!("a save's verdict never reached the page ({key}): {result}"));
    Duration::from_millis(ms)
}

/// While another process holds 200 connections (request heads that trickle in, event
/// streams without the token, requests of another origin with a valid `Host`) and a
/// page of another origin in the same browser floods the server too, the learner's
/// page loads every time, each load within 2 s, and a save's verdict reaches it within
/// 1 s. The same loads and a save are timed without the flood first, and printed beside
/// them: what the flood added.
#[test]
fn the_page_stays_served_under_a_flood_from_another_origin() {
    let workbook = Workbook::new();
    let xor_all = workbook.exercise_file("xor_all");
    let server = Server::start(&workbook);
    let loads = LOADS.to_string();
    let result = drive(
        "flood_test.js",
        &[
            ("SERVE_URL", server.url.as_ref()),
            ("EXERCISE_FILE", workbook.path(&xor_all).as_os_str()),
            (
                "SOLUTION",
                workbook.path("solutions/xor_all/src/lib.rs").as_os_str(),
            ),
            ("LOADS", loads.as_ref()),
        ],
    );
    eprintln!("without and under the flood: {result}");
    let quiet = millis(&result, "quietLoadsMs");
    let flooded = millis(&result, "loadsMs");
    assert_eq!((quiet.len(), flooded.len()), (LOADS, LOADS), "{result}");
    for load in &flooded {
        assert!(
            *load <= LOAD_WITHIN,
            "a load took {load:?} under the flood: {result}"
        );
    }
    push_time(&result, "quietSaveToVerdictMs");
    let pushed = push_time(&result, "saveToVerdictMs");
    assert!(
        pushed <= PUSHED_WITHIN,
        "the verdict came {pushed:?} after the save under the flood: {result}"
    );
    // The flood went on all along: its 200 connections, and as many again each time the
    // server refused or dropped one, many times over.
    let opened = result["floodConnections"].as_u64().unwrap();
    assert!(
        opened >= 2_000,
        "the flood opened only {opened} connections: {result}"
    );
}
