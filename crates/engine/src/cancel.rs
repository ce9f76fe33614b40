//! [`Cancel`]: the flag another thread raises to stop runs ([`crate::Limits::cancel`]), which
//! wakes a run waiting on a worker thread the moment it rises instead of being polled.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

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
