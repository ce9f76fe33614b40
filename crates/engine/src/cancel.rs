//! [`Cancel`]: the flag another thread raises to stop runs ([`crate::Limits::cancel`]), which
//! wakes a run waiting on a worker thread the moment it rises instead of being polled.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

/// What a waiting run asked to be called when the flag rises.
type Waker = Box<dyn FnOnce() + Send>;

/// A flag that stops runs: raised once, by any thread, and never lowered. PCRE2 reads it at
/// callouts; a run whose match waits on a worker thread is woken when it rises (a waiter that
/// polled the flag every millisecond slowed the match it waited for by up to a third on this
/// 2-core machine, through the scheduler).
#[derive(Default)]
pub struct Cancel {
    raised: AtomicBool,
    wakers: Mutex<Vec<Waker>>,
}

impl Cancel {
    /// A flag not raised yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag and wakes every run waiting on it.
    pub fn raise(&self) {
        self.raised.store(true, Ordering::SeqCst);
        let wakers = std::mem::take(&mut *self.wakers.lock().unwrap_or_else(|e| e.into_inner()));
        for wake in wakers {
            wake();
        }
    }

    /// Whether the flag has been raised.
    pub fn is_raised(&self) -> bool {
        self.raised.load(Ordering::Relaxed)
    }

    /// Waits until the flag rises or `timeout` passes; whether it rose.
    pub fn wait_timeout(&self, timeout: Duration) -> bool {
        let (tx, rx) = mpsc::channel();
        self.on_raise(move || {
            let _ = tx.send(());
        });
        rx.recv_timeout(timeout).is_ok() || self.is_raised()
    }

    /// Calls `wake` once the flag rises: now, if it already has.
    pub(crate) fn on_raise(&self, wake: impl FnOnce() + Send + 'static) {
        let mut wakers = self.wakers.lock().unwrap_or_else(|e| e.into_inner());
        // Checked under the lock that `raise` takes after setting the flag: either `raise`
        // will find this waker, or the flag is seen here.
        if self.raised.load(Ordering::SeqCst) {
            drop(wakers);
            wake();
        } else {
            wakers.push(Box::new(wake));
        }
    }
}

impl std::fmt::Debug for Cancel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cancel")
            .field("raised", &self.is_raised())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_waiter_wakes_when_the_flag_rises() {
        let cancel = Arc::new(Cancel::new());
        assert!(!cancel.wait_timeout(Duration::from_millis(1)));
        let raiser = {
            let cancel = Arc::clone(&cancel);
            std::thread::spawn(move || cancel.raise())
        };
        // Far longer than any raise takes: the wait ends when the flag rises.
        assert!(cancel.wait_timeout(Duration::from_secs(600)));
        raiser.join().unwrap();
        assert!(cancel.wait_timeout(Duration::ZERO));
    }
}
