//! A live progress line on stderr for runs that take longer than about a second.
//!
//! [`Progress::start`] spawns a small thread that waits [`DELAY`], then redraws one line on stderr
//! every [`TICK`] with `\r`: a spinner, a label, the elapsed time and, when the engine publishes
//! one, a step count. The step count comes from [`backref_engine::Limits::progress`], which PCRE2
//! updates every 1024 callouts (one callout per statement entered, so only patterns compiled with
//! `Options.callouts` move it); other engines leave it at zero and only the spinner and the clock
//! move. Dropping the [`Progress`] stops the thread and clears the line, so nothing is left on the
//! terminal and a run shorter than [`DELAY`] draws nothing at all.
//!
//! Nothing is drawn unless stderr is a terminal. `BACKREF_PROGRESS=always` draws regardless (for
//! tests), `BACKREF_PROGRESS=never` never draws. `BACKREF_PROGRESS_DELAY_MS` replaces [`DELAY`]
//! (tests set it, so that what they see does not depend on how fast the machine runs).

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a run must last before the line appears.
pub const DELAY: Duration = Duration::from_secs(1);
/// How often the line is redrawn.
pub const TICK: Duration = Duration::from_millis(100);

const FRAMES: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// Whether a progress line may be drawn: stderr is a terminal, unless `BACKREF_PROGRESS` says
/// `always` or `never`.
pub fn enabled() -> bool {
    match std::env::var("BACKREF_PROGRESS").as_deref() {
        Ok("always") => true,
        Ok("never") => false,
        _ => std::io::stderr().is_terminal(),
    }
}

/// A progress line for one run; dropping it clears the line.
pub struct Progress {
    steps: Option<Arc<AtomicU64>>,
    worker: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
}

impl Progress {
    /// Starts the display for a run described by `label` (a no-op when [`enabled`] is false).
    pub fn start(label: impl Into<String>) -> Progress {
        if !enabled() {
            return Progress {
                steps: None,
                worker: None,
            };
        }
        let steps = Arc::new(AtomicU64::new(0));
        let (tx, rx) = mpsc::channel();
        let label = label.into();
        let counter = Arc::clone(&steps);
        let worker = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || draw(&label, &counter, &rx))
            .ok()
            .map(|handle| (tx, handle));
        Progress {
            steps: worker.is_some().then_some(steps),
            worker,
        }
    }

    /// The counter to pass as [`backref_engine::Limits::progress`], when the display is on.
    pub fn steps(&self) -> Option<Arc<AtomicU64>> {
        self.steps.clone()
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some((tx, handle)) = self.worker.take() {
            // Disconnecting wakes the thread, which clears its line and ends.
            drop(tx);
            let _ = handle.join();
        }
    }
}

/// The widest line drawn: one less than `COLUMNS` (80 when unset), so the line never wraps
/// (a wrapped line could not be cleared with `\r`).
fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 10)
        .unwrap_or(80)
        - 1
}

/// `12345678` as `12.3M`.
fn human(n: u64) -> String {
    let n = n as f64;
    if n >= 1e9 {
        format!("{:.1}G", n / 1e9)
    } else if n >= 1e6 {
        format!("{:.1}M", n / 1e6)
    } else if n >= 1e3 {
        format!("{:.1}k", n / 1e3)
    } else {
        format!("{n}")
    }
}

/// One frame of the line.
fn line(label: &str, elapsed: Duration, steps: u64, frame: usize) -> String {
    let secs = elapsed.as_secs_f64();
    let mut text = format!("{} {label}: {secs:.1} s", FRAMES[frame % FRAMES.len()]);
    if steps > 0 {
        text.push_str(&format!(
            ", {} steps ({}/s)",
            human(steps),
            human((steps as f64 / secs.max(1e-3)) as u64)
        ));
    }
    text.chars().take(width()).collect()
}

/// How long a run must last before its line appears: `BACKREF_PROGRESS_DELAY_MS`, else
/// [`DELAY`].
fn delay() -> Duration {
    std::env::var("BACKREF_PROGRESS_DELAY_MS")
        .ok()
        .and_then(|ms| ms.trim().parse::<u64>().ok())
        .map_or(DELAY, Duration::from_millis)
}

fn draw(label: &str, steps: &AtomicU64, stop: &mpsc::Receiver<()>) {
    let start = Instant::now();
    // A run that ends within the delay draws nothing.
    if stop.recv_timeout(delay()) != Err(RecvTimeoutError::Timeout) {
        return;
    }
    let mut frame = 0;
    loop {
        let text = line(label, start.elapsed(), steps.load(Ordering::Relaxed), frame);
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K{text}");
        let _ = err.flush();
        drop(err);
        frame += 1;
        if stop.recv_timeout(TICK) != Err(RecvTimeoutError::Timeout) {
            break;
        }
    }
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "\r\x1b[2K");
    let _ = err.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_show_steps_only_when_counted() {
        let l = line("solve queens 30", Duration::from_millis(2500), 0, 0);
        assert_eq!(l, "⠋ solve queens 30: 2.5 s");
        let l = line("x", Duration::from_secs(2), 3_000_000, 1);
        assert_eq!(l, "⠙ x: 2.0 s, 3.0M steps (1.5M/s)");
        assert_eq!(human(999), "999");
        assert_eq!(human(1_234), "1.2k");
        assert_eq!(human(5_600_000_000), "5.6G");
    }
}
