//! The wire format between the grader and the runner, defined once.
//!
//! This file is a module of `xorlings-core` in the grader, and also of the runner library
//! that the learner's program links (see `RUNNER_SOURCES`): both sides encode and decode
//! values with the same [`Wire`] impls, so the two can never disagree. It uses `std`
//! only.
//!
//! A value is a sequence of `u64` words: integers are one word, `bool` is 0 or 1, a `Vec`
//! is its length then its items, `Option`, `Result` and enums are a tag then the
//! variant's fields, structs and tuples are their fields in order. The grader's derive
//! macro (`#[derive(Wire)]`, in `xorlings-derive`) writes the impls of structs and enums.

/// A value that crosses between the grader and the runner as words.
pub trait Wire: Sized {
    /// Appends the value's words to `out`.
    fn put(&self, out: &mut Vec<u64>);
    /// Reads a value from the front of `words` and advances past it; `None` when the
    /// words are not a value of this type.
    fn take(words: &mut &[u64]) -> Option<Self>;
    /// How many words [`Wire::put`] appends, counted without encoding (the grader bounds
    /// the answers by the size of each case).
    fn words(&self) -> usize;

    /// `items` as a `Vec` would put them (without the length); a plain copy for words.
    fn put_all(items: &[Self], out: &mut Vec<u64>) {
        for item in items {
            item.put(out);
        }
    }
    /// The words of `items` as a `Vec` would put them (without the length).
    fn words_all(items: &[Self]) -> usize {
        items.iter().map(Wire::words).sum()
    }
    /// `count` values, as `Vec::take` reads them.
    fn take_all(words: &mut &[u64], count: usize) -> Option<Vec<Self>> {
        // Never trust a count for an allocation: each item takes at least one word.
        if count > words.len() {
            return None;
        }
        (0..count).map(|_| Self::take(words)).collect()
    }
}

/// Reads the first word of `words`.
fn take_word(words: &mut &[u64]) -> Option<u64> {
    let (&first, rest) = words.split_first()?;
    *words = rest;
    Some(first)
}

impl Wire for u64 {
    fn put(&self, out: &mut Vec<u64>) {
        out.push(*self);
    }
    fn take(words: &mut &[u64]) -> Option<Self> {
        take_word(words)
    }
    fn words(&self) -> usize {
        1
    }
    fn words_all(items: &[Self]) -> usize {
        items.len()
    }
    fn put_all(items: &[Self], out: &mut Vec<u64>) {
        out.extend_from_slice(items);
    }
    fn take_all(words: &mut &[u64], count: usize) -> Option<Vec<Self>> {
        take_counted(words, count).map(<[u64]>::to_vec)
    }
}

/// A `Vec<u64>` as [`Wire::take`] reads it, lent from `words` rather than copied.
pub fn take_words<'a>(words: &mut &'a [u64]) -> Option<&'a [u64]> {
    let count = usize::take(words)?;
    take_counted(words, count)
}

/// The first `count` words of `words`, which it advances past.
fn take_counted<'a>(words: &mut &'a [u64], count: usize) -> Option<&'a [u64]> {
    if count > words.len() {
        return None;
    }
    let (items, rest) = words.split_at(count);
    *words = rest;
    Some(items)
}

impl Wire for usize {
    fn put(&self, out: &mut Vec<u64>) {
        out.push(*self as u64);
    }
    fn take(words: &mut &[u64]) -> Option<Self> {
        usize::try_from(take_word(words)?).ok()
    }
    fn words(&self) -> usize {
        1
    }
}

impl Wire for bool {
    fn put(&self, out: &mut Vec<u64>) {
        out.push(u64::from(*self));
    }
    fn take(words: &mut &[u64]) -> Option<Self> {
        match take_word(words)? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
    fn words(&self) -> usize {
        1
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, out: &mut Vec<u64>) {
        self.len().put(out);
        T::put_all(self, out);
    }
    fn take(words: &mut &[u64]) -> Option<Self> {
        let count = usize::take(words)?;
        T::take_all(words, count)
    }
    fn words(&self) -> usize {
        1 + T::words_all(self)
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, out: &mut Vec<u64>) {
        match self {
            None => out.push(0),
            Some(value) => {
                out.push(1);
                value.put(out);
            }
        }
    }
    fn take(words: &mut &[u64]) -> Option<Self> {
        match take_word(words)? {
            0 => Some(None),
            1 => Some(Some(T::take(words)?)),
            _ => None,
        }
    }
    fn words(&self) -> usize {
        1 + self.as_ref().map_or(0, Wire::words)
    }
}

impl<T: Wire, E: Wire> Wire for Result<T, E> {
    fn put(&self, out: &mut Vec<u64>) {
        match self {
            Ok(value) => {
                out.push(0);
                value.put(out);
            }
            Err(error) => {
                out.push(1);
                error.put(out);
            }
        }
    }
    fn take(words: &mut &[u64]) -> Option<Self> {
        match take_word(words)? {
            0 => Some(Ok(T::take(words)?)),
            1 => Some(Err(E::take(words)?)),
            _ => None,
        }
    }
    fn words(&self) -> usize {
        1 + match self {
            Ok(value) => value.words(),
            Err(error) => error.words(),
        }
    }
}

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn put(&self, out: &mut Vec<u64>) {
        self.0.put(out);
        self.1.put(out);
    }
    fn take(words: &mut &[u64]) -> Option<Self> {
        Some((A::take(words)?, B::take(words)?))
    }
    fn words(&self) -> usize {
        self.0.words() + self.1.words()
    }
}

/// Reads a whole value: `None` unless `words` hold exactly one value of type `T`.
pub fn decode<T: Wire>(mut words: &[u64]) -> Option<T> {
    let value = T::take(&mut words)?;
    words.is_empty().then_some(value)
}

/// The runner's answers: one record per case, in case order, then a final record.
///
/// A record is three words (its kind, where the learner's printed output ended when the
/// case was done, the body's length in bytes) and its body: the answer's words (little
/// endian), or the panic message (UTF-8). A run that stops before the final record did
/// not answer every case. No kind is 0: the answers file can be longer than its records
/// (the grader sizes it, for the runner to map), and a zero kind is where they end.
pub mod record {
    /// The kind where nothing was written: the records end there.
    pub const UNWRITTEN: u64 = 0;
    pub const ANSWER: u64 = 1;
    pub const PANIC: u64 = 2;
    pub const DONE: u64 = 3;
    pub const HEADER_BYTES: usize = 24;

    /// One record, ready to be written in one call (a record the grader sees is whole
    /// even if the learner's code ends the process during the next case).
    pub fn encode(kind: u64, printed_end: u64, body: &[u8]) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER_BYTES + body.len());
        for word in [kind, printed_end, body.len() as u64] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        bytes.extend_from_slice(body);
        bytes
    }

    /// The three words of the record header at the start of `bytes` (which holds at
    /// least [`HEADER_BYTES`]): its kind, where the printed output ended, its length.
    pub fn header(bytes: &[u8]) -> [u64; 3] {
        std::array::from_fn(|i| {
            let mut word = [0u8; 8];
            word.copy_from_slice(&bytes[i * 8..i * 8 + 8]);
            u64::from_le_bytes(word)
        })
    }

    /// How many of the first `count` records at the start of `bytes` are whole and
    /// plain (an answer, or a panic message of at most `kept_panic` bytes), and how many
    /// bytes they take: the grader copies those as they are, and reads what follows
    /// them (an unwritten end, a record cut short, a longer message) one at a time.
    pub fn plain_prefix(bytes: &[u8], count: usize, kept_panic: u64) -> (usize, usize) {
        let (mut records, mut at) = (0, 0);
        while records < count && bytes.len() - at >= HEADER_BYTES {
            let [kind, _, length] = header(&bytes[at..]);
            let plain = kind != UNWRITTEN && !(kind == PANIC && length > kept_panic);
            let fits = length <= (bytes.len() - at - HEADER_BYTES) as u64;
            if !plain || !fits {
                break;
            }
            at += HEADER_BYTES + length as usize;
            records += 1;
        }
        (records, at)
    }

    /// An answer's words as a record body.
    pub fn words_body(words: &[u64]) -> Vec<u8> {
        // Into a buffer made once: an answer can be thousands of words.
        let mut bytes = vec![0; words.len() * 8];
        for (chunk, word) in bytes.chunks_exact_mut(8).zip(words) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        bytes
    }

    /// What the runner wrote for one case.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Record {
        Answer { words: Vec<u64>, printed_end: u64 },
        Panic { message: String, printed_end: u64 },
    }

    impl Record {
        pub fn printed_end(&self) -> u64 {
            match self {
                Record::Answer { printed_end, .. } | Record::Panic { printed_end, .. } => {
                    *printed_end
                }
            }
        }
    }

    /// Splits the answers into records; anything malformed ends the list there. Also
    /// says whether the final record came.
    pub fn parse(mut bytes: &[u8]) -> (Vec<Record>, bool) {
        let mut records = Vec::new();
        while bytes.len() >= HEADER_BYTES {
            let [kind, printed_end, length] = header(bytes);
            let Some(body) = usize::try_from(length)
                .ok()
                .and_then(|length| bytes[HEADER_BYTES..].get(..length))
            else {
                break;
            };
            match kind {
                ANSWER if body.len() % 8 == 0 => records.push(Record::Answer {
                    words: body
                        .chunks_exact(8)
                        .map(|chunk| {
                            let mut array = [0u8; 8];
                            array.copy_from_slice(chunk);
                            u64::from_le_bytes(array)
                        })
                        .collect(),
                    printed_end,
                }),
                PANIC => records.push(Record::Panic {
                    message: String::from_utf8_lossy(body).into_owned(),
                    printed_end,
                }),
                DONE if body.is_empty() => return (records, true),
                _ => break,
            }
            bytes = &bytes[HEADER_BYTES + body.len()..];
        }
        (records, false)
    }
}

/// Lends an argument the way the learner's function takes it: a `Vec` as a slice, a
/// slice and a number as they are. The runner's call of the learner's function names no
/// types, so the learner's own signature decides (and a changed signature is a compile
/// error there).
pub trait Lend<'a, T> {
    fn lend(&'a self) -> T;
}

impl<'a, T> Lend<'a, &'a [T]> for Vec<T> {
    fn lend(&'a self) -> &'a [T] {
        self
    }
}

impl<T: Copy> Lend<'_, T> for T {
    fn lend(&self) -> T {
        *self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Wire + PartialEq + std::fmt::Debug>(value: T) {
        let mut words = Vec::new();
        value.put(&mut words);
        assert_eq!(value.words(), words.len(), "{value:?}");
        assert_eq!(decode::<T>(&words), Some(value));
    }

    #[test]
    fn values_come_back_as_they_went() {
        round_trip(7u64);
        round_trip(usize::MAX);
        round_trip(true);
        round_trip(vec![3u64, 4, 5]);
        round_trip(vec![vec![1usize], vec![], vec![2, 3]]);
        round_trip(Some((2usize, 5usize)));
        round_trip(Option::<u64>::None);
        round_trip(Result::<Vec<u64>, bool>::Ok(vec![1]));
        round_trip(Result::<Vec<u64>, bool>::Err(false));
    }

    #[test]
    fn records_are_read_until_done() {
        use record::*;
        let mut bytes = encode(ANSWER, 3, &words_body(&[7]));
        bytes.extend(encode(PANIC, 9, b"boom"));
        bytes.extend(encode(DONE, 9, &[]));
        let (records, finished) = parse(&bytes);
        assert_eq!(
            records,
            vec![
                Record::Answer {
                    words: vec![7],
                    printed_end: 3
                },
                Record::Panic {
                    message: "boom".to_string(),
                    printed_end: 9
                }
            ]
        );
        assert!(finished);
    }

    #[test]
    fn the_plain_records_are_counted_up_to_the_first_that_is_not() {
        use record::*;
        let answer = encode(ANSWER, 1, &words_body(&[7]));
        let short_panic = encode(PANIC, 2, b"boom");
        let mut bytes = [answer.clone(), short_panic.clone()].concat();
        let plain = answer.len() + short_panic.len();
        assert_eq!(plain_prefix(&bytes, 5, 4), (2, plain));
        assert_eq!(
            plain_prefix(&bytes, 1, 4),
            (1, answer.len()),
            "no more than asked"
        );
        // A longer panic message, a record cut short, and the unwritten end stop it.
        assert_eq!(plain_prefix(&bytes, 5, 3), (1, answer.len()));
        assert_eq!(plain_prefix(&bytes[..plain - 1], 5, 4), (1, answer.len()));
        bytes.extend([0; HEADER_BYTES]);
        assert_eq!(plain_prefix(&bytes, 5, 4), (2, plain));
        let mut huge = encode(ANSWER, 0, &[]);
        huge[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(plain_prefix(&huge, 5, 4), (0, 0));
    }

    #[test]
    fn a_cut_or_forged_record_ends_the_reading() {
        use record::*;
        let mut bytes = encode(ANSWER, 0, &words_body(&[7]));
        bytes.extend(&encode(ANSWER, 0, &words_body(&[8]))[..30]);
        assert_eq!(parse(&bytes).0.len(), 1);
        assert!(!parse(&bytes).1);
        // An unknown kind, a DONE with a body, a body that is not whole words.
        assert_eq!(parse(&encode(9, 0, &[])), (vec![], false));
        assert_eq!(parse(&encode(DONE, 0, b"x")), (vec![], false));
        assert_eq!(parse(&encode(ANSWER, 0, b"abc")), (vec![], false));
        // A length far past the end is not trusted.
        let mut huge = encode(ANSWER, 0, &[]);
        huge[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(parse(&huge), (vec![], false));
    }

    #[test]
    fn words_are_lent_as_a_vec_of_them_would_be_taken() {
        let mut words: &[u64] = &[2, 7, 8, 1, 9];
        assert_eq!(take_words(&mut words), Some(&[7, 8][..]));
        assert_eq!(take_words(&mut words), Some(&[9][..]));
        assert_eq!(take_words(&mut words), None, "no words left");
        // A length past the end lends nothing.
        assert_eq!(take_words(&mut &[3, 1, 2][..]), None);
    }

    #[test]
    fn malformed_words_are_no_value() {
        assert_eq!(decode::<bool>(&[2]), None);
        assert_eq!(decode::<Option<u64>>(&[1]), None);
        assert_eq!(decode::<u64>(&[1, 2]), None, "a word left over");
        // A length far past the end is not trusted, nor used to allocate.
        assert_eq!(decode::<Vec<u64>>(&[u64::MAX, 1]), None);
        assert_eq!(decode::<Vec<Vec<u64>>>(&[1 << 40]), None);
    }
}
