//! Keys, read on their own thread and sent to the loop: one by one from a terminal in raw
//! mode, or as lines when stdin is not a terminal (each line's characters, then Enter).

use std::io::BufRead;
use std::sync::mpsc::Sender;

use anyhow::{Context, Result};
use crossterm::event::{self, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::Message;
use super::state::Key;

/// Reads keys from the terminal (raw mode must be on). Ends when the loop is gone.
pub fn spawn_terminal_keys(messages: Sender<Message>) -> Result<()> {
    std::thread::Builder::new()
        .name("watch-keys".into())
        .spawn(move || {
            loop {
                let message = match event::read() {
                    Ok(event::Event::Key(key)) => match terminal_key(key) {
                        Some(key) => Message::Key(key),
                        None => continue,
                    },
                    Ok(event::Event::Resize(..)) => Message::Resized,
                    Ok(_) => continue,
                    // The terminal is gone: no more keys, and no busy loop on errors.
                    Err(_) => Message::InputClosed,
                };
                let closed = matches!(message, Message::InputClosed);
                if messages.send(message).is_err() || closed {
                    break;
                }
            }
        })
        .context("cannot start the thread that reads keys")?;
    Ok(())
}

/// Reads keys as lines from stdin. At the end of input it says so once and stops
/// reading: watching goes on without keys.
pub fn spawn_line_keys(messages: Sender<Message>) -> Result<()> {
    std::thread::Builder::new()
        .name("watch-lines".into())
        .spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                for key in line_keys(&line) {
                    if messages.send(Message::Key(key)).is_err() {
                        return;
                    }
                }
            }
            let _ = messages.send(Message::InputClosed);
        })
        .context("cannot start the thread that reads keys")?;
    Ok(())
}

/// A line typed without raw mode: its characters as keys. A number (a choice in the
/// list) ends with Enter, and an empty line is Enter; other lines get no Enter, which
/// would otherwise answer a question the line's own key just asked (`r` then "reset?").
pub fn line_keys(line: &str) -> Vec<Key> {
    let line = line.trim();
    let enter = line.chars().all(|c| c.is_ascii_digit());
    line.chars()
        .map(|c| Key::Char(c.to_ascii_lowercase()))
        .chain(enter.then_some(Key::Enter))
        .collect()
}

fn terminal_key(key: KeyEvent) -> Option<Key> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('c') if control => Key::Interrupt,
        KeyCode::Char(_) if control => return None,
        KeyCode::Char(c) => Key::Char(c.to_ascii_lowercase()),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Escape,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Backspace => Key::Backspace,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_its_keys_and_a_number_ends_with_enter() {
        assert_eq!(line_keys("n"), vec![Key::Char('n')]);
        assert_eq!(
            line_keys(" 12 \r"),
            vec![Key::Char('1'), Key::Char('2'), Key::Enter]
        );
        assert_eq!(line_keys(""), vec![Key::Enter]);
        assert_eq!(line_keys("Q"), vec![Key::Char('q')]);
    }

    #[test]
    fn terminal_keys_are_mapped() {
        let press = |code, modifiers| terminal_key(KeyEvent::new(code, modifiers));
        assert_eq!(
            press(KeyCode::Char('c'), KeyModifiers::CONTROL),
            Some(Key::Interrupt)
        );
        assert_eq!(press(KeyCode::Char('z'), KeyModifiers::CONTROL), None);
        assert_eq!(
            press(KeyCode::Char('N'), KeyModifiers::SHIFT),
            Some(Key::Char('n'))
        );
        assert_eq!(press(KeyCode::Up, KeyModifiers::NONE), Some(Key::Up));
        assert_eq!(press(KeyCode::F(1), KeyModifiers::NONE), None);
    }
}
