//! The page's colors against WCAG AA, computed from its stylesheet: every text color
//! reads on every light background (4.5 to 1), and white on every dark one. The browser
//! test checks the colors as drawn; this checks the palette without a browser.

use super::STYLE;

/// The colors of `property` declarations in the stylesheet (`color:` or
/// `background:`), its `--name` variables resolved; `inherit` and the like left out.
fn declared(property: &str) -> Vec<[f64; 3]> {
    let variables: Vec<(String, String)> = STYLE
        .split(';')
        .filter_map(|declaration| {
            let (name, value) = declaration.trim().rsplit_once(':')?;
            let name = name.rsplit(['{', ' ', '\n']).next()?;
            name.starts_with("--")
                .then(|| (name.to_string(), value.trim().to_string()))
        })
        .collect();
    let key = format!("{property}:");
    STYLE
        .match_indices(&key)
        .filter(|(at, _)| !STYLE[..*at].ends_with(|c: char| c == '-' || c.is_alphanumeric()))
        .filter_map(|(at, _)| {
            let value = STYLE[at + key.len()..].split([';', '}']).next()?.trim();
            let value = match value.strip_prefix("var(").and_then(|v| v.strip_suffix(')')) {
                Some(name) => &variables.iter().find(|(n, _)| n == name)?.1,
                None => value,
            };
            rgb(value)
        })
        .collect()
}

/// `#abc` or `#aabbcc` as red, green and blue from 0 to 1.
fn rgb(hex: &str) -> Option<[f64; 3]> {
    let digits = hex.strip_prefix('#')?;
    let long: String = match digits.len() {
        3 => digits.chars().flat_map(|c| [c, c]).collect(),
        6 => digits.to_string(),
        _ => return None,
    };
    let channel = |i: usize| u8::from_str_radix(&long[i..i + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?].map(|c| f64::from(c) / 255.0))
}

/// WCAG's relative luminance.
fn luminance(color: [f64; 3]) -> f64 {
    let linear = color.map(|c| {
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    });
    0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
}

fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[test]
fn every_text_color_reads_on_every_background_it_can_meet() {
    const AA: f64 = 4.5;
    let texts = declared("color");
    let backgrounds = declared("background");
    assert!(
        texts.len() >= 10 && backgrounds.len() >= 8,
        "{texts:?} {backgrounds:?}"
    );
    let white = [1.0; 3];
    let (light, dark): (Vec<_>, Vec<_>) = backgrounds
        .into_iter()
        .chain([white])
        .partition(|&background| luminance(background) > 0.4);
    for &text in texts.iter().filter(|&&text| luminance(text) < 0.4) {
        for &background in &light {
            let ratio = contrast(text, background);
            assert!(ratio >= AA, "{text:?} on {background:?}: {ratio:.2}");
        }
    }
    for &background in &dark {
        let ratio = contrast(white, background);
        assert!(ratio >= AA, "white on {background:?}: {ratio:.2}");
    }
    // The check itself: the old grey fails on the strip's red.
    let old_grey = rgb("#6b7280").unwrap();
    assert!(contrast(old_grey, rgb("#fde8e8").unwrap()) < AA);
}
