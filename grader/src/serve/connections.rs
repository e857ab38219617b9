//! The connections being served, bounded so that a flood cannot keep the learner's page
//! out: at most [`MAX_CONNECTIONS`] in all and [`MAX_PER_PEER`] from one address, at
//! most [`MAX_STREAMS`] event streams. A new connection past a bound does not wait for
//! a slot: the oldest connection still sending its request head goes (the head has its
//! deadline anyway), else the oldest event stream (a page that is still open reconnects
//! at once). The page's own requests finish in milliseconds, so they are never the
//! oldest for long.

use std::net::{IpAddr, Shutdown, TcpStream};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Connections served at once, in all.
pub(super) const MAX_CONNECTIONS: usize = 256;
/// Connections from one address at once (every local process shares 127.0.0.1, but a
/// flood from elsewhere in 127.0.0.0/8 is kept to its share).
pub(super) const MAX_PER_PEER: usize = 192;
/// Event streams at once: each open page keeps one.
pub(super) const MAX_STREAMS: usize = 16;

/// What a connection is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    /// Its request head is still coming.
    Head,
    /// Its request is being answered.
    Answer,
    /// An event stream, open until the page goes.
    Events,
}

struct Slot {
    id: u64,
    peer: IpAddr,
    stage: Stage,
    /// A handle on the connection, to end it from here.
    stream: TcpStream,
}

#[derive(Default)]
pub(super) struct Connections {
    /// In the order they came: the oldest first.
    slots: Mutex<Vec<Slot>>,
    next: AtomicU64,
}

/// A connection's place among the served ones, given back when dropped.
pub(super) struct Admitted {
    connections: Arc<Connections>,
    id: u64,
}

impl Connections {
    /// Admits `stream`, from `peer`, making room past a bound; `None` when there is no
    /// room to make (every connection is answering a request).
    pub(super) fn admit(self: &Arc<Self>, stream: &TcpStream, peer: IpAddr) -> Option<Admitted> {
        let handle = stream.try_clone().ok()?;
        let mut slots = self.slots.lock().ok()?;
        let full = slots.len() >= MAX_CONNECTIONS;
        let from_peer = slots.iter().filter(|slot| slot.peer == peer).count();
        if full || from_peer >= MAX_PER_PEER {
            let peer_only = !full;
            let mine = |slot: &Slot| !peer_only || slot.peer == peer;
            let oldest = |stage| {
                slots
                    .iter()
                    .position(|slot| slot.stage == stage && mine(slot))
            };
            let evicted = oldest(Stage::Head).or_else(|| oldest(Stage::Events))?;
            end(slots.remove(evicted));
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        slots.push(Slot {
            id,
            peer,
            stage: Stage::Head,
            stream: handle,
        });
        Some(Admitted {
            connections: Arc::clone(self),
            id,
        })
    }
}

impl Admitted {
    /// The connection's request head is read: it answers, or streams events (the oldest
    /// stream goes past [`MAX_STREAMS`]).
    pub(super) fn now(&self, stage: Stage) {
        let Ok(mut slots) = self.connections.slots.lock() else {
            return;
        };
        if let Some(slot) = slots.iter_mut().find(|slot| slot.id == self.id) {
            slot.stage = stage;
        }
        if stage == Stage::Events {
            let streams = slots
                .iter()
                .filter(|slot| slot.stage == Stage::Events)
                .count();
            if streams > MAX_STREAMS
                && let Some(oldest) = slots.iter().position(|slot| slot.stage == Stage::Events)
            {
                end(slots.remove(oldest));
            }
        }
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        if let Ok(mut slots) = self.connections.slots.lock() {
            slots.retain(|slot| slot.id != self.id);
        }
    }
}

/// Ends a connection: its thread's next read or write fails, and it lets go.
fn end(slot: Slot) {
    let _ = slot.stream.shutdown(Shutdown::Both);
}

#[cfg(test)]
mod tests {
    use std::net::{Ipv4Addr, TcpListener};

    use super::*;

    /// A connected pair on loopback: the client's end and the server's.
    fn pair(listener: &TcpListener) -> (TcpStream, TcpStream) {
        let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (server, _) = listener.accept().unwrap();
        (client, server)
    }

    fn ended(client: &TcpStream) -> bool {
        use std::io::Read;
        client
            .set_read_timeout(Some(std::time::Duration::from_secs(5)))
            .unwrap();
        matches!((&*client).read(&mut [0]), Ok(0) | Err(_))
    }

    #[test]
    fn past_the_bound_the_oldest_head_goes_then_the_oldest_stream() {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let peer = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let connections = Arc::new(Connections::default());
        let mut held = Vec::new();
        for i in 0..MAX_STREAMS {
            let (client, server) = pair(&listener);
            let admitted = connections.admit(&server, peer).unwrap();
            admitted.now(Stage::Events);
            held.push((client, server, admitted, i));
        }
        // A stream past the bound ends the oldest.
        let (late_client, late_server) = pair(&listener);
        let late = connections.admit(&late_server, peer).unwrap();
        late.now(Stage::Events);
        assert!(ended(&held[0].0), "the oldest stream goes");
        drop(held.remove(0));
        // Heads fill the rest; past the bound, the oldest head goes, not a stream.
        let heads: Vec<_> = (held.len() + 1..MAX_PER_PEER)
            .map(|_| {
                let (client, server) = pair(&listener);
                let admitted = connections.admit(&server, peer).unwrap();
                (client, server, admitted)
            })
            .collect();
        let (_client, server) = pair(&listener);
        let newest = connections.admit(&server, peer).unwrap();
        assert!(ended(&heads[0].0), "the oldest head goes");
        assert!(!held.is_empty());
        drop((newest, late, late_client, heads));
        assert!(connections.slots.lock().unwrap().len() == held.len());
    }

    #[test]
    fn with_every_connection_answering_there_is_no_room() {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let peer = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let connections = Arc::new(Connections::default());
        let busy: Vec<_> = (0..MAX_PER_PEER)
            .map(|_| {
                let (client, server) = pair(&listener);
                let admitted = connections.admit(&server, peer).unwrap();
                admitted.now(Stage::Answer);
                (client, server, admitted)
            })
            .collect();
        let (_client, server) = pair(&listener);
        assert!(connections.admit(&server, peer).is_none());
        drop(busy);
        assert!(connections.admit(&server, peer).is_some());
    }
}
