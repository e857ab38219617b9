//! Keys, read on their own thread and sent to the loop: one by one from a terminal in raw
//! mode, or as lines when stdin is not a terminal (the state reads a line as keys, or
//! as the input of a try).
//!
//! A terminal's key waits for the loop's [`Resume`] before the next is read, because a
//! key may open the lesson's pager, which reads the terminal itself: it runs here, on
//! this thread, while the loop goes on grading without drawing.

use std::io::BufRead;
use std::sync::mpsc::{self, Sender};

use anyhow::{Context, Result};
use crossterm::event::{self, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::Message;
use super::state::Key;
use crate::lesson::{self, Closed};

/// What the loop tells the key thread once it has handled a key.
pub(super) enum Resume {
    /// Read the next key.
    Keys,
    /// Page this lesson (then say so with [`Message::LessonClosed`]), and read keys again.
    Lesson { markdown: String, title: String },
}

/// Reads keys from the terminal (raw mode must be on). Ends when the loop is gone.
/// Returns where the loop sends a [`Resume`] for each key.
pub(super) fn spawn_terminal_keys(messages: Sender<Message>) -> Result<Sender<Resume>> {
    let (resume, resumed) = mpsc::channel();
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
                let (key, closed) = (
                    matches!(message, Message::Key(_)),
                    matches!(message, Message::InputClosed),
                );
                if messages.send(message).is_err() || closed {
                    break;
                }
                if !key {
                    continue;
                }
                match resumed.recv() {
                    Ok(Resume::Keys) => {}
                    Ok(Resume::Lesson { markdown, title }) => {
                        let closed = lesson::page_in_place(&markdown, &title);
                        let message = Message::LessonClosed {
                            interrupted: matches!(closed, Ok(Closed::Interrupted)),
                            problem: closed.err().map(|error| format!("{error:#}")),
                        };
                        if messages.send(message).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        })
        .context("cannot start the thread that reads keys")?;
    Ok(resume)
}

/// Reads lines from stdin (the state makes them keys, or the input of a try). At the
/// end of input it says so once and stops reading: watching goes on without keys.
pub(super) fn spawn_line_keys(messages: Sender<Message>) -> Result<()> {
    std::thread::Builder::new()
        .name("watch-lines".into())
        .spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if messages.send(Message::Line(line)).is_err() {
                    return;
                }
            }
            let _ = messages.send(Message::InputClosed);
        })
        .context("cannot start the thread that reads keys")?;
    Ok(())
}

fn terminal_key(key: KeyEvent) -> Option<Key> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('c') if control => Key::Interrupt,
        KeyCode::Char(_) if control => return None,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Escape,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::Backspace => Key::Backspace,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
            Some(Key::Char('N')),
            "the state decides what a capital means"
        );
        assert_eq!(press(KeyCode::Up, KeyModifiers::NONE), Some(Key::Up));
        assert_eq!(
            press(KeyCode::PageDown, KeyModifiers::NONE),
            Some(Key::PageDown)
        );
        assert_eq!(press(KeyCode::F(1), KeyModifiers::NONE), None);
    }
}
