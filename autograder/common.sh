# What the Gradescope and PrairieLearn adapters share (sourced, never run): finding the
# submitted exercise files, grading them as an unprivileged user, and a results file
# that is always written, saying why when grading failed.
#
# The caller sets XORLINGS_WORKBOOK (the instructor's workbook, root's, read-only) and
# XORLINGS_TIME_BUDGET (the seconds grading may take: below the platform's timeout, with
# room for the rest of the job), and may set:
#   XORLINGS_GRADER        the grader binary (default /usr/local/bin/xorlings-grader)
#   XORLINGS_LEARNER_USER  the user the grader and the learner's code run as when the
#                          adapter runs as root (default xorlings); never root

XORLINGS_GRADER=${XORLINGS_GRADER:-/usr/local/bin/xorlings-grader}
XORLINGS_LEARNER_USER=${XORLINGS_LEARNER_USER:-xorlings}
# One byte more than the grader reads of a file (1 MiB), so that it says "too large".
XORLINGS_FILE_BYTES=$((1024 * 1024 + 1))
# The end of the grader's log that a failure's results quote.
XORLINGS_LOG_BYTES=4000
# Past its time budget, the grader stops within seconds and writes its report; should it
# not, it is killed this long after the budget, and the fallback results stand.
XORLINGS_BUDGET_GRACE=15

# The toolchain the images install (setup.sh, the Dockerfile), for the grader's rustc.
if [ -z "${RUSTUP_HOME:-}" ] && [ -d /usr/local/rustup ]; then
    export RUSTUP_HOME=/usr/local/rustup CARGO_HOME=/usr/local/cargo
    export PATH="/usr/local/cargo/bin:$PATH"
fi

# Every exercise of the workbook's manifest, one a line, in course order.
xorlings_all_exercises() {
    sed -n 's/^name = "\([a-z0-9_]*\)"$/\1/p' "$XORLINGS_WORKBOOK/workbook.toml"
}

# The learner's file of exercise $1: main.rs for a whole program, lib.rs otherwise.
xorlings_file_name() {
    if [ -f "$XORLINGS_WORKBOOK/exercises/$1/src/main.rs" ]; then
        echo main.rs
    else
        echo lib.rs
    fi
}

# The shallowest regular file under $1 whose path matches the pattern $2 (find's
# -path). Symbolic links are neither followed nor taken: a link to the seed or to
# another learner's file is no submission.
xorlings_shallowest() {
    find "$1" -type f -path "$2" -printf '%d\t%p\0' 2>/dev/null |
        sort -z -n | head -z -n 1 | cut -z -f 2- | tr -d '\0'
}

# xorlings_stage SUBMISSION CHECKOUT EXERCISE...: makes CHECKOUT a checkout that holds
# the submitted file of each exercise and nothing else, and says which file it took.
# A submission is a whole checkout (exercises/NAME/src/lib.rs, at any depth, or the old
# exercises/NN_NAME/ folders), or files named NAME.rs, or, for one exercise, a lib.rs
# (main.rs) alone. Each file is copied with a bound; one not found is left out, and the
# grader says it is missing.
xorlings_stage() {
    local submission=$1 checkout=$2
    shift 2
    local exercises=$# exercise file found
    mkdir -p "$checkout/exercises"
    for exercise in "$@"; do
        file=$(xorlings_file_name "$exercise")
        found=$(xorlings_shallowest "$submission" "*/exercises/$exercise/src/$file")
        [ -n "$found" ] || found=$(xorlings_shallowest "$submission" "*/exercises/[0-9][0-9]_$exercise/src/$file")
        [ -n "$found" ] || found=$(xorlings_shallowest "$submission" "*/$exercise.rs")
        if [ -z "$found" ] && [ "$exercises" = 1 ]; then
            found=$(xorlings_shallowest "$submission" "*/$file")
        fi
        if [ -z "$found" ]; then
            echo "$exercise: the submission has no exercises/$exercise/src/$file nor $exercise.rs"
            continue
        fi
        mkdir -p "$checkout/exercises/$exercise/src"
        if head -c "$XORLINGS_FILE_BYTES" -- "$found" >"$checkout/exercises/$exercise/src/$file"; then
            echo "$exercise: grading ${found#"$submission"/}"
        else
            echo "$exercise: cannot read ${found#"$submission"/}"
        fi
    done
}

# xorlings_read_seed FILE: the seed in FILE (a whole number, or `random`), or nothing
# when there is no such file; fails, saying why, on anything else. Read as root, before
# any of the learner's code runs.
xorlings_read_seed() {
    [ -f "$1" ] || return 0
    local seed
    seed=$(head -c 64 -- "$1" | tr -d '[:space:]')
    case $seed in
        random) echo random ;;
        "" | *[!0-9]*)
            echo "the seed file $1 must hold a whole number (or \`random\`)" >&2
            return 1
            ;;
        *) echo "$seed" ;;
    esac
}

# The grader's log with every seed it names hidden: results, and the log the platform
# keeps beside them, carry the seed's fingerprint at most.
xorlings_redacted() {
    sed -E 's/seed [0-9]+/seed [hidden]/g'
}

# xorlings_grade FORMAT CHECKOUT EXERCISES SEED REPORT LOG: grades CHECKOUT's EXERCISES
# (comma-separated) in FORMAT into REPORT, the grader's messages into LOG. As root, it
# drops to XORLINGS_LEARNER_USER first; the grader then refuses to run as root itself
# (--container-boundary). Nothing of the caller's environment reaches the grader but
# the toolchain's variables. The seed goes through a pipe, the grader's stdin: neither
# a file nor a variable that code running as the same user could read.
xorlings_grade() {
    local format=$1 checkout=$2 exercises=$3 seed=$4 report=$5 log=$6
    local -a as_learner=()
    if [ "$(id -u)" = 0 ]; then
        local uid gid
        local run_as="set XORLINGS_LEARNER_USER to a user that is not root, or run this script as one"
        if ! uid=$(id -u "$XORLINGS_LEARNER_USER" 2>/dev/null); then
            echo "As root, the adapter grades as an unprivileged user (the learner's code never runs as root), and this machine has no user '$XORLINGS_LEARNER_USER'. Make it, as the images do: useradd --system --no-create-home $XORLINGS_LEARNER_USER; or $run_as." >"$log"
            return 2
        fi
        if [ "$uid" = 0 ]; then
            echo "XORLINGS_LEARNER_USER names '$XORLINGS_LEARNER_USER', no unprivileged user: the learner's code never runs as root; $run_as." >"$log"
            return 2
        fi
        gid=$(id -g "$XORLINGS_LEARNER_USER")
        # The grader's build folder is the only place of the workbook it writes.
        mkdir -p "$XORLINGS_WORKBOOK/target/xorlings"
        chown -R "$uid:$gid" "$XORLINGS_WORKBOOK/target/xorlings"
        chmod -R a+rX "$checkout"
        as_learner=(setpriv --reuid="$uid" --regid="$gid" --clear-groups --inh-caps=-all)
    fi
    local -a environment=(PATH="$PATH" HOME="${HOME:-/nonexistent}" NO_COLOR=1)
    local name
    for name in RUSTUP_HOME CARGO_HOME RUSTUP_TOOLCHAIN; do
        [ -z "${!name:-}" ] || environment+=("$name=${!name}")
    done
    local -a seeded=()
    [ -z "$seed" ] || seeded=(--seed-file -)
    local limit=$((XORLINGS_TIME_BUDGET + XORLINGS_BUDGET_GRACE))
    printf '%s' "$seed" | (cd "$XORLINGS_WORKBOOK" && timeout --kill-after=5 "$limit" \
        env -i "${environment[@]}" "${as_learner[@]}" \
        "$XORLINGS_GRADER" verify --workbook "$checkout" --container-boundary \
        --exercise "$exercises" --format "$format" --time-budget "$XORLINGS_TIME_BUDGET" \
        "${seeded[@]}") >"$report" 2>"$log"
}

# xorlings_results FORMAT STATUS REPORT LOG: the results file's text: the grader's
# report when it exited with a verdict (0 or 1) and wrote JSON, else one that says why
# grading failed, with the end of the grader's log.
xorlings_results() {
    local format=$1 status=$2 report=$3 log=$4
    if { [ "$status" = 0 ] || [ "$status" = 1 ]; } && jq -e 'type == "object"' "$report" >/dev/null 2>&1; then
        cat "$report"
        return
    fi
    local why="Grading stopped (exit code $status) before the grader wrote its report."
    [ "$status" = 124 ] || [ "$status" = 137 ] &&
        why="Grading took longer than its time budget ($XORLINGS_TIME_BUDGET s) and was stopped."
    local detail
    detail=$(tail -c "$XORLINGS_LOG_BYTES" -- "$log" 2>/dev/null | iconv -c -f UTF-8 -t UTF-8 | xorlings_redacted)
    xorlings_failed "$format" "$why" "$detail"
}

# xorlings_fallback FORMAT: the results file written before anything that can hang, so
# that the platform finds one even when its own timeout ends the job.
xorlings_fallback() {
    xorlings_failed "$1" "Grading did not finish in the time the platform allows, and was stopped before the grader wrote its report." ""
}

# xorlings_failed FORMAT WHY DETAIL: results that say grading failed, and why.
xorlings_failed() {
    local format=$1 why=$2 detail=$3
    case $format in
        gradescope) jq -n --arg why "$why" --arg log "$detail" '{
            score: 0,
            output: ("**This submission could not be graded.** " + $why + " Please tell your instructor.\n\n```text\n" + $log + "\n```\n"),
            output_format: "md",
            stdout_visibility: "hidden",
            tests: []
        }' ;;
        *) jq -n --arg why "$why" --arg log "$detail" '{
            gradable: false,
            score: 0,
            message: ("This submission could not be graded. " + $why + " Please tell your instructor."),
            output: $log,
            format_errors: [$why],
            tests: []
        }' ;;
    esac || echo '{"score": 0, "gradable": false, "message": "This submission could not be graded (and jq could not say why).", "tests": []}'
}
