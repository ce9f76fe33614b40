//! Running work that cannot be interrupted (fancy-regex and Oniguruma matches, a PCRE2 match
//! without callouts in a race) on a worker thread with a large stack, waited for at most a
//! timeout or until a cancel flag rises.

use std::sync::mpsc;
use std::time::Duration;

use crate::{Cancel, EngineError};

/// Stack of the worker threads (parsers and matchers recurse on nesting depth).
const WORKER_STACK: usize = 256 * 1024 * 1024;

/// What a matching worker sends back: the outcome and the match time.
pub(crate) type WorkerResult = Result<(crate::Outcome, std::time::Duration), crate::EngineError>;

/// Runs `work` on a fresh worker thread with a large stack. Waits for it at most `timeout`
/// (`None`: for as long as it takes) and only until `cancel` (when given) rises; `Ok(None)`
/// means the timeout passed or the flag rose first, and the thread was detached: it finishes
/// on its own, bounded only by what `work` itself bounds.
pub(crate) fn on_worker<T: Send + 'static>(
    engine: &'static str,
    what: &str,
    timeout: Option<Duration>,
    cancel: Option<&Cancel>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<Option<T>, EngineError> {
    // The worker sends `Some(result)`; a raised flag sends `None`.
    let (tx, rx) = mpsc::channel::<Option<T>>();
    if let Some(cancel) = cancel {
        let tx = tx.clone();
        cancel.on_raise(move || {
            let _ = tx.send(None);
        });
    }
    let worker = std::thread::Builder::new()
        .name(format!("{engine} {what}"))
        .stack_size(WORKER_STACK)
        .spawn(move || {
            // The receiver may be gone after a timeout; nothing to do then.
            let _ = tx.send(Some(work()));
        })
        .map_err(|e| EngineError::Match {
            engine,
            message: format!("could not start the worker thread: {e}"),
        })?;
    let received = match timeout {
        None => rx.recv().map_err(|_| ()),
        Some(timeout) => match rx.recv_timeout(timeout) {
            Ok(r) => Ok(r),
            // Detach: the worker finishes (or not) on its own.
            Err(mpsc::RecvTimeoutError::Timeout) => return Ok(None),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(()),
        },
    };
    let received = match received {
        // The flag rose first. Detach, as above.
        Ok(None) => return Ok(None),
        Ok(Some(result)) => Ok(result),
        Err(()) => Err(()),
    };
    match received {
        Ok(result) => {
            let _ = worker.join();
            Ok(Some(result))
        }
        // The sender was dropped without sending: the worker panicked.
        Err(()) => {
            let message = match worker.join() {
                Err(panic) => panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown panic".into()),
                Ok(()) => "the worker thread ended without a result".into(),
            };
            Err(EngineError::Match {
                engine,
                message: format!("{engine} panicked ({what}): {message}"),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_raised_flag_leaves_the_worker_behind() {
        let cancel = Arc::new(Cancel::new());
        let (started_tx, started_rx) = mpsc::channel::<()>();
        let (release_tx, release_rx) = mpsc::channel::<()>();
        let (ended_tx, ended_rx) = mpsc::channel::<()>();
        let raiser = {
            let cancel = Arc::clone(&cancel);
            std::thread::spawn(move || {
                started_rx.recv().expect("the worker starts");
                cancel.raise();
            })
        };
        // The work waits until released: only the flag can end the wait.
        let waited = on_worker("test", "wait", None, Some(&cancel), move || {
            started_tx.send(()).expect("the raiser listens");
            release_rx.recv().expect("released");
            ended_tx.send(()).expect("the test listens");
            7
        })
        .expect("no panic");
        assert_eq!(waited, None);
        raiser.join().expect("no panic");
        // The detached worker is still there, and finishes once released.
        release_tx.send(()).expect("the worker waits");
        ended_rx.recv().expect("the worker ends");
    }

    #[test]
    fn a_flag_never_raised_waits_for_the_result() {
        let cancel = Cancel::new();
        let got = on_worker("test", "sum", None, Some(&cancel), || {
            std::thread::sleep(Duration::from_millis(5));
            2 + 3
        })
        .expect("no panic");
        assert_eq!(got, Some(5));
    }
}
