//! The little HTML the lessons use: `<details><summary>…</summary>` answers, comments
//! (markers for tools, never shown) and line breaks. Any other tag is dropped.

/// What a piece of HTML means to the renderer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Html {
    /// `<details>`: an answer starts.
    Open,
    /// `</details>`: the answer ends.
    Close,
    /// `<summary>…</summary>`, with its text.
    Summary(String),
    /// `<br>`.
    Break,
    /// Text between tags, as written.
    Text(String),
}

/// The pieces of `html` that matter, in order; comments and other tags are left out.
pub(super) fn scan(html: &str) -> Vec<Html> {
    // ASCII lowercasing keeps every byte offset, so `lower` indexes `html` too.
    let lower = html.to_ascii_lowercase();
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < html.len() {
        let rest = &lower[at..];
        if rest.starts_with("<!--") {
            at = rest
                .find("-->")
                .map_or(html.len(), |end| at + end + "-->".len());
        } else if let Some(end) = tag_end(rest) {
            let name = tag_name(&rest[..end]);
            at += end;
            match name {
                "details" => pieces.push(Html::Open),
                "/details" => pieces.push(Html::Close),
                "br" | "br/" => pieces.push(Html::Break),
                "summary" => {
                    let close = lower[at..].find("</summary>").unwrap_or(html.len() - at);
                    pieces.push(Html::Summary(strip_tags(&html[at..at + close])));
                    at = (at + close + "</summary>".len()).min(html.len());
                }
                _ => {}
            }
        } else {
            // Text up to the next '<' that may open a tag (a lone '<' is text).
            let next_tag = rest.char_indices().skip(1).find(|&(_, c)| c == '<');
            let end = next_tag.map_or(rest.len(), |(end, _)| end);
            pieces.push(Html::Text(html[at..at + end].to_string()));
            at += end;
        }
    }
    pieces
}

/// Where the tag at the start of `text` ends (past its '>'), if `text` starts with one.
fn tag_end(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let opens = chars.next() == Some('<')
        && chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '/' || c == '!');
    opens.then(|| text.find('>')).flatten().map(|end| end + 1)
}

/// The lowercase name of a tag such as `<details open>` or `</details>`: "details",
/// "/details".
fn tag_name(tag: &str) -> &str {
    let inside = tag.trim_start_matches('<').trim_end_matches('>');
    inside
        .split(|c: char| c.is_whitespace())
        .next()
        .unwrap_or_default()
}

/// `html` without its tags, its whitespace collapsed.
fn strip_tags(html: &str) -> String {
    let text: String = scan(html)
        .into_iter()
        .filter_map(|piece| match piece {
            Html::Text(text) => Some(text),
            _ => None,
        })
        .collect();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn details_summary_and_comments() {
        assert_eq!(
            scan("<details><summary>Answer</summary>\n"),
            vec![
                Html::Open,
                Html::Summary("Answer".into()),
                Html::Text("\n".into())
            ]
        );
        assert_eq!(
            scan("</details>\n"),
            vec![Html::Close, Html::Text("\n".into())]
        );
        assert_eq!(
            scan("<DETAILS open>\n<Summary> The <b>answer</b>\n</SUMMARY>"),
            vec![
                Html::Open,
                Html::Text("\n".into()),
                Html::Summary("The answer".into())
            ]
        );
        assert_eq!(
            scan("<!-- grader output: solutions/x.rs -->\n"),
            vec![Html::Text("\n".into())]
        );
        assert_eq!(scan("<!-- never closed"), vec![]);
    }

    #[test]
    fn other_tags_are_dropped_and_a_lone_angle_bracket_is_text() {
        assert_eq!(
            scan("<kbd>q</kbd><br>a < b é<i>"),
            vec![
                Html::Text("q".into()),
                Html::Break,
                Html::Text("a ".into()),
                Html::Text("< b é".into())
            ]
        );
    }
}
