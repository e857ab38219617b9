//! How inputs and answers show, measure and parse themselves, the way the lessons write
//! them. `xorlings-derive` derives these for an exercise's `Args` (`#[derive(Arguments)]`)
//! and its structs and enums (`#[derive(Show)]`) from the impls here.

/// How many items of a long list are shown at its start.
const SHOWN_AT_START: usize = 8;
/// A list with more items than this is shortened.
const SHOWN_WHOLE: usize = SHOWN_AT_START + 2;

/// A value as the learner would write it, shortened when large.
pub trait Show {
    fn show(&self) -> String;
}

/// A measure of size: failures are reported smallest first.
pub trait Measure {
    fn measure(&self) -> u64;
}

/// A value typed on the command line (`cargo grader try`).
pub trait Parse: Sized {
    /// The names of the function's parameters, in order: what the learner types.
    const PARAMETERS: &'static [&'static str];
    /// Parses the words after the exercise's name.
    fn parse(words: &[String]) -> Result<Self, String>;
}

/// One value typed as text: `7`, `3,4,5`, `[3, 4, 5]`, `[]`.
pub trait ParseValue: Sized {
    fn parse_value(text: &str) -> Result<Self, String>;
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// "1 heap", "3 heaps", "1,000,000 heaps".
pub fn count(n: usize, one: &str, many: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        _ => format!("{} {many}", thousands(n as u64)),
    }
}

/// A list as `[3, 4, 5]`; a long one shortened to its start, its end and its length.
pub fn list<T: Show>(items: &[T]) -> String {
    let join = |items: &[T]| items.iter().map(Show::show).collect::<Vec<_>>().join(", ");
    if items.len() <= SHOWN_WHOLE {
        format!("[{}]", join(items))
    } else {
        format!(
            "[{}, ..., {}] ({} items)",
            join(&items[..SHOWN_AT_START]),
            join(&items[items.len() - 2..]),
            thousands(items.len() as u64)
        )
    }
}

impl Show for u64 {
    fn show(&self) -> String {
        self.to_string()
    }
}

impl Show for usize {
    fn show(&self) -> String {
        self.to_string()
    }
}

impl Show for bool {
    fn show(&self) -> String {
        self.to_string()
    }
}

impl<T: Show> Show for Vec<T> {
    fn show(&self) -> String {
        list(self)
    }
}

impl<T: Show> Show for Option<T> {
    fn show(&self) -> String {
        match self {
            None => "None".to_string(),
            Some(value) => format!("Some({})", value.show()),
        }
    }
}

impl<T: Show, E: Show> Show for Result<T, E> {
    fn show(&self) -> String {
        match self {
            Ok(value) => format!("Ok({})", value.show()),
            Err(error) => format!("Err({})", error.show()),
        }
    }
}

impl<A: Show, B: Show> Show for (A, B) {
    fn show(&self) -> String {
        format!("({}, {})", self.0.show(), self.1.show())
    }
}

/// Bits a number needs.
fn bits(n: u64) -> u64 {
    u64::from(64 - n.leading_zeros())
}

impl Measure for u64 {
    fn measure(&self) -> u64 {
        bits(*self)
    }
}

impl Measure for usize {
    fn measure(&self) -> u64 {
        bits(*self as u64)
    }
}

impl Measure for bool {
    fn measure(&self) -> u64 {
        1
    }
}

impl<T: Measure> Measure for Vec<T> {
    fn measure(&self) -> u64 {
        // Each item counts for more than any number's bits: fewer items is always smaller.
        self.iter()
            .map(|item| 65 + item.measure())
            .fold(0, u64::saturating_add)
    }
}

impl ParseValue for u64 {
    fn parse_value(text: &str) -> Result<Self, String> {
        let digits = text.trim().replace('_', "");
        match digits.as_str() {
            "u64::MAX" => Ok(u64::MAX),
            _ => digits
                .parse()
                .map_err(|_| format!("`{text}` is not a whole number from 0 to {}", u64::MAX)),
        }
    }
}

impl ParseValue for usize {
    fn parse_value(text: &str) -> Result<Self, String> {
        let n = u64::parse_value(text)?;
        usize::try_from(n).map_err(|_| format!("`{text}` is too large for a usize"))
    }
}

impl ParseValue for bool {
    fn parse_value(text: &str) -> Result<Self, String> {
        text.trim()
            .parse()
            .map_err(|_| format!("`{text}` is not `true` or `false`"))
    }
}

impl<T: ParseValue> ParseValue for Vec<T> {
    fn parse_value(text: &str) -> Result<Self, String> {
        let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
        inner
            .split([',', ' '])
            .filter(|item| !item.trim().is_empty())
            .map(T::parse_value)
            .collect()
    }
}

/// The words typed after an exercise's name, handed out one parameter at a time. A
/// function of one parameter takes all the words (`try xor_all 3 4 5`); otherwise each
/// parameter takes one word (`try apply_move 3,4,5 0 1`).
pub struct ArgWords<'a> {
    words: std::slice::Iter<'a, String>,
    all_in_one: Option<String>,
}

impl<'a> ArgWords<'a> {
    pub fn new(names: &[&str], words: &'a [String]) -> Result<Self, String> {
        if names.len() == 1 {
            return Ok(ArgWords {
                words: [].iter(),
                all_in_one: Some(words.join(" ")),
            });
        }
        if words.len() != names.len() {
            let wanted: Vec<String> = names.iter().map(|name| format!("<{name}>")).collect();
            return Err(format!(
                "this function takes {} values, {}; you gave {}",
                names.len(),
                wanted.join(" "),
                words.len()
            ));
        }
        Ok(ArgWords {
            words: words.iter(),
            all_in_one: None,
        })
    }

    pub fn next<T: ParseValue>(&mut self, name: &str) -> Result<T, String> {
        let text = match self.all_in_one.take() {
            Some(text) => text,
            None => self.words.next().cloned().unwrap_or_default(),
        };
        T::parse_value(&text).map_err(|error| format!("{name}: {error}"))
    }
}

/// A line typed in watch's prompt as words, the way a shell would split it: spaces
/// separate words, except inside `[...]` or quotes (`[3, 4, 5] 0 1` is three words).
pub fn typed_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut depth, mut quote) = (0usize, None);
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => quote = Some(c),
            (None, '[') => {
                depth += 1;
                word.push(c);
            }
            (None, ']') => {
                depth = depth.saturating_sub(1);
                word.push(c);
            }
            (None, c) if c.is_whitespace() && depth == 0 => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            (None, c) => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Text the learner's code produced (printed output, panic messages), made safe to show:
/// control characters become visible symbols (ESC as `␛`), so the learner's code can
/// never clear the screen, move the cursor or draw a fake verdict. Newlines stay, tabs
/// become spaces.
pub fn visible(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' => "\n".to_string(),
            '\t' => "    ".to_string(),
            '\u{7f}' => "␡".to_string(),
            c if (c as u32) < 0x20 => char::from_u32(0x2400 + c as u32).unwrap_or('?').to_string(),
            c if ('\u{80}'..='\u{9f}').contains(&c) || is_bidi_control(c) => {
                format!("\\u{{{:x}}}", c as u32)
            }
            c => c.to_string(),
        })
        .collect()
}

/// Characters that reorder text on screen (they can disguise what a line says).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
}

/// A unified diff from `old` to `new`, cut after `max_lines` lines.
pub fn diff_of_at_most(
    max_lines: usize,
    old_name: &str,
    old: &str,
    new_name: &str,
    new: &str,
) -> String {
    let diff = similar::TextDiff::from_lines(old, new);
    let text = diff
        .unified_diff()
        .context_radius(2)
        .header(old_name, new_name)
        .to_string();
    let lines: Vec<&str> = text.lines().collect();
    let mut shown = lines[..lines.len().min(max_lines)].join("\n");
    if lines.len() > max_lines {
        shown.push_str(&format!(
            "\n... {} more lines of diff",
            lines.len() - max_lines
        ));
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_are_shortened() {
        assert_eq!(list(&[3u64, 4, 5]), "[3, 4, 5]");
        let long: Vec<u64> = (0..1_000_000).collect();
        assert_eq!(
            list(&long),
            "[0, 1, 2, 3, 4, 5, 6, 7, ..., 999998, 999999] (1,000,000 items)"
        );
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(7_380), "7,380");
        assert_eq!(count(1, "entry", "entries"), "1 entry");
        assert_eq!(count(1200, "entry", "entries"), "1,200 entries");
    }

    #[test]
    fn answers_show_as_rust_writes_them() {
        assert_eq!(Some((1usize, 2usize)).show(), "Some((1, 2))");
        assert_eq!(
            Result::<Vec<u64>, bool>::Ok(vec![1, 4]).show(),
            "Ok([1, 4])"
        );
        assert_eq!(Option::<u64>::None.show(), "None");
    }

    #[test]
    fn fewer_items_measure_smaller() {
        assert!(vec![u64::MAX].measure() < vec![0u64, 0].measure());
        assert!(vec![1u64].measure() < vec![2u64].measure());
    }

    #[test]
    fn values_parse_from_what_a_learner_types() {
        assert_eq!(Vec::<u64>::parse_value("3,4,5"), Ok(vec![3, 4, 5]));
        assert_eq!(Vec::<u64>::parse_value("[3, 4, 5]"), Ok(vec![3, 4, 5]));
        assert_eq!(Vec::<u64>::parse_value("[]"), Ok(vec![]));
        assert_eq!(u64::parse_value("1_000"), Ok(1000));
        assert!(
            u64::parse_value("-1")
                .unwrap_err()
                .contains("not a whole number")
        );
        let words: Vec<String> = ["3", "4", "5"].map(String::from).to_vec();
        let mut one = ArgWords::new(&["heaps"], &words).unwrap();
        assert_eq!(one.next::<Vec<u64>>("heaps"), Ok(vec![3, 4, 5]));
        let error = ArgWords::new(&["heaps", "index"], &words).err().unwrap();
        assert_eq!(
            typed_words(" [3, 4, 5]  0 '1' "),
            vec!["[3, 4, 5]", "0", "1"]
        );
        assert_eq!(typed_words("3 4 5"), vec!["3", "4", "5"]);
        assert!(
            error.contains("takes 2 values, <heaps> <index>; you gave 3"),
            "{error}"
        );
    }

    #[test]
    fn control_characters_are_made_visible() {
        let fake = "\u{1b}[2J\u{1b}[H✓ passed\r\u{7}\u{9b}31m\u{202e}";
        let shown = visible(fake);
        assert!(!shown.chars().any(|c| c.is_control()), "{shown:?}");
        assert!(shown.starts_with("␛[2J␛[H✓ passed␍␇"), "{shown:?}");
        assert_eq!(visible("a\tb\nc"), "a    b\nc");
    }
}
