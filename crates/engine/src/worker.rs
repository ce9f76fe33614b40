//! Running an engine that cannot be interrupted (fancy-regex, Oniguruma) on a worker thread with
//! a large stack, waited for at most a timeout.

use std::sync::mpsc;
use std::time::Duration;

use crate::EngineError;

/// Stack of the worker threads (parsers and matchers recurse on nesting depth).
const WORKER_STACK: usize = 256 * 1024 * 1024;

/// What a matching worker sends back: the outcome and the match time.
pub(crate) type WorkerResult = Result<(crate::Outcome, std::time::Duration), crate::EngineError>;

/// Runs `work` on a fresh worker thread with a large stack. Waits for it at most `timeout`
/// (`None`: for as long as it takes); `Ok(None)` means the timeout passed first, and the thread
/// was detached.
pub(crate) fn on_worker<T: Send + 'static>(
    engine: &'static str,
    what: &str,
    timeout: Option<Duration>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<Option<T>, EngineError> {
    let (tx, rx) = mpsc::channel::<T>();
    let worker = std::thread::Builder::new()
        .name(format!("{engine} {what}"))
        .stack_size(WORKER_STACK)
        .spawn(move || {
            // The receiver may be gone after a timeout; nothing to do then.
            let _ = tx.send(work());
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
