//! PCRE2 through `pcre2-sys`, with the JIT or the interpreter, match/depth/heap limits, a large
//! JIT stack, and callouts for timeouts, progress and counting every match.
//!
//! The high-level `pcre2` crate hides the match context, so this module talks to `pcre2-sys`
//! directly and wraps every PCRE2 object in a small RAII type. `pcre2-sys` has no bindings for
//! callouts, so `pcre2_set_callout_8` and `pcre2_callout_block` are declared here (the symbols are
//! in the statically linked, vendored library).
//!
//! # Compile once, match many
//!
//! [`Engine::compile`] compiles and JIT-compiles the pattern once; the [`Matcher`] shares the
//! compiled code (read-only, so it may run on several threads at once) and gives each run its
//! own match context, match data and JIT stack. Counting ([`Mode::Count`], [`Mode::AtMost`])
//! needs a second compiled form, `(?:pattern)(?C255)`; a matcher compiles it on its first
//! counting run (and that run's [`Timing::compile`] says so). [`Engine::run`] compiles only the
//! form its mode needs. A callout in a pattern makes the JIT keep every capture in its frame, so
//! the counting form may exceed the JIT's 64 KiB frame where the plain form does not: each form
//! reports its own [`JitFallback`].
//!
//! A lazy matcher ([`Pcre2::lazy_jit`]) compiles for the interpreter only and matches there
//! first, for about as many steps as the JIT's compile would take time; a search that has not
//! ended by then JIT-compiles a copy of the code (kept for later runs) and starts again on it.
//!
//! # Limits
//!
//! Compile errors that are PCRE2 limits rather than mistakes (more than 65,535 capture groups,
//! a compiled pattern over 1 GiB, parentheses nested too deeply, ...) are reported as
//! [`EngineError::TooLarge`], in words.
//!
//! # Callouts
//!
//! A callout function is installed only when a run needs one: a timeout, a progress counter, or
//! [`Mode::Count`]. Callout numbers other than [`COUNT_CALLOUT`] count steps; every 1024 steps
//! the function publishes the count to [`Limits::progress`] and compares the clock with the
//! deadline, returning `PCRE2_ERROR_CALLOUT` once it has passed. Counting appends
//! `(?C255)` after the pattern; that callout records the match and returns 1, which makes PCRE2
//! backtrack as if the match had failed, so the search goes on until it is exhausted.
//!
//! Measured overhead (PCRE2 JIT, this 2-core machine under load from other jobs, best of 5
//! interleaved runs; re-measure with `cargo run --release -p backref-engine --example
//! callout_overhead`):
//! - N-Queens pairwise segment patterns with one `(?C1)` before each segment (N=14 first
//!   solution, 105 segments, 121k callouts; N=9 counting, 45 segments, 251k callouts): the
//!   `(?C1)` items alone cost +1–6%; with the step-counting callout function installed (a timeout
//!   or a progress counter) +3–22%, most of the spread being noise. Per segment the cost is small
//!   next to the segment's own backtracking.
//! - Worst case, a loop whose body is one character (`(?:(?C1)a|(?C1)b)*`, 3M callouts): 3–6 ns
//!   per callout without a function and 6–13 ns with it, i.e. the loop runs about 2× slower.
//!
//! So callouts at statement starts are cheap enough to leave on whenever a timeout or progress
//! display is wanted; callouts inside tight inner loops are not.

use std::collections::BTreeMap;
use std::ffi::{c_int, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use backref_program::dialect::{Dialect, PCRE2};
use pcre2_sys::{
    pcre2_code_8, pcre2_code_copy_8, pcre2_code_free_8, pcre2_compile_8, pcre2_config_8,
    pcre2_get_error_message_8, pcre2_get_ovector_count_8, pcre2_get_ovector_pointer_8,
    pcre2_jit_compile_8, pcre2_jit_stack_8, pcre2_jit_stack_assign_8, pcre2_jit_stack_create_8,
    pcre2_jit_stack_free_8, pcre2_match_8, pcre2_match_context_8, pcre2_match_context_create_8,
    pcre2_match_context_free_8, pcre2_match_data_8, pcre2_match_data_create_from_pattern_8,
    pcre2_match_data_free_8, pcre2_pattern_info_8, pcre2_set_depth_limit_8, pcre2_set_heap_limit_8,
    pcre2_set_match_limit_8, PCRE2_CONFIG_JIT, PCRE2_CONFIG_LINKSIZE, PCRE2_CONFIG_PARENSLIMIT,
    PCRE2_CONFIG_VERSION, PCRE2_DOTALL, PCRE2_ERROR_CALLOUT, PCRE2_ERROR_DEPTHLIMIT,
    PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT, PCRE2_ERROR_JIT_UNSUPPORTED,
    PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_NOMATCH, PCRE2_ERROR_NOMEMORY, PCRE2_EXTENDED,
    PCRE2_INFO_CAPTURECOUNT, PCRE2_INFO_NAMECOUNT, PCRE2_INFO_NAMEENTRYSIZE, PCRE2_INFO_NAMETABLE,
    PCRE2_JIT_COMPLETE, PCRE2_MULTILINE,
};
use serde::Serialize;

use crate::detach::{self, Detached};
use crate::shape::{shape, thousands};
use crate::{
    run_compiled, Cancel, Captures, Count, Engine, EngineError, EngineInfo, Flags, Limit, Limits,
    Matcher, Mode, Outcome, Run, Timing, STEPS_PRECISION,
};

/// The callout number that [`Mode::Count`] appends after the pattern; the IR must not use it.
pub const COUNT_CALLOUT: u32 = 255;

/// The link size backref needs (4 bytes: compiled patterns up to 1 GiB).
const REQUIRED_LINK_SIZE: u32 = 4;
/// Default heap limit: 16 GiB in KiB, a ceiling rather than a working bound.
const DEFAULT_HEAP_LIMIT_KIB: u32 = 16 * 1024 * 1024;
/// The text that starts every callout item in a pattern.
const CALLOUT_TEXT: &str = "(?C";

/// Initial JIT stack size.
const JIT_STACK_START: usize = 32 * 1024;
/// Maximum JIT stack size (the default 32 KiB runs out on long repeats).
const JIT_STACK_MAX: usize = 64 * 1024 * 1024;
/// How many callouts pass between clock checks and progress updates (a power of two).
const CHECK_EVERY: u64 = 1024;

const INSTALL_HINT: &str = "rebuild with the vendored PCRE2 and 4-byte links: set \
     PCRE2_SYS_STATIC=1 and CFLAGS=-DLINK_SIZE=4 (the workspace's .cargo/config.toml does this), \
     then rebuild pcre2-sys";

/// `pcre2_callout_block` from `pcre2.h` (10.46, version 2 of the block), field for field.
#[repr(C)]
#[allow(dead_code)] // Every field must be present for the layout; only some are read.
struct CalloutBlock {
    version: u32,
    callout_number: u32,
    capture_top: u32,
    capture_last: u32,
    offset_vector: *mut usize,
    mark: *const u8,
    subject: *const u8,
    subject_length: usize,
    start_match: usize,
    current_position: usize,
    pattern_position: usize,
    next_item_length: usize,
    callout_string_offset: usize,
    callout_string_length: usize,
    callout_string: *const u8,
    callout_flags: u32,
}

/// A callout function as PCRE2 calls it.
type CalloutFn = extern "C" fn(*mut CalloutBlock, *mut c_void) -> c_int;

extern "C" {
    /// Installs (or, with `None`, removes) the callout function of a match context.
    fn pcre2_set_callout_8(
        mcontext: *mut pcre2_match_context_8,
        callout: Option<CalloutFn>,
        data: *mut c_void,
    ) -> c_int;
    /// Calls `callback` for each callout of `code` until it returns non-zero, and returns that.
    fn pcre2_callout_enumerate_8(
        code: *const pcre2_code_8,
        callback: Option<EnumerateFn>,
        data: *mut c_void,
    ) -> c_int;
}

/// A callout enumeration callback (the block, unused here, is `pcre2_callout_enumerate_block`).
type EnumerateFn = extern "C" fn(*mut c_void, *mut c_void) -> c_int;

/// Stops the enumeration at the first callout.
extern "C" fn stop_at_first(_block: *mut c_void, _data: *mut c_void) -> c_int {
    1
}

/// How a [`Pcre2`] engine runs its matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pcre2Config {
    /// JIT-compile the pattern, falling back to the interpreter when the JIT refuses it.
    pub jit: bool,
    /// With `jit`, JIT-compile only searches that outlast the compile: a first-match run starts
    /// on the interpreter for about as many steps as JIT-compiling the pattern would take time
    /// ([`lazy_steps`]), and only a search that has not ended by then is JIT-compiled and run
    /// again from the start. A short search on a big pattern then skips the JIT's compile (its
    /// largest cost), and a long one pays at most that compile twice (rent or buy). Counting runs
    /// always use the JIT.
    pub lazy: bool,
}

impl Default for Pcre2Config {
    fn default() -> Pcre2Config {
        Pcre2Config {
            jit: true,
            lazy: false,
        }
    }
}

/// The PCRE2 engine: `pcre2` (JIT with interpreter fallback), `pcre2-interp` (interpreter) or
/// `pcre2-lazy` (the interpreter first, the JIT for searches that outlast its compile).
///
/// [`Limits::timeout`] is checked after compiling and then only at callouts: a pattern without
/// `(?C1)`-style items runs until it ends or reaches the match limit (with the default
/// `u32::MAX`, about 90 s under the JIT).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pcre2 {
    config: Pcre2Config,
}

impl Pcre2 {
    /// An engine with the given configuration.
    pub fn new(config: Pcre2Config) -> Pcre2 {
        Pcre2 { config }
    }

    /// The `pcre2` engine: JIT, falling back to the interpreter when JIT compilation fails.
    pub fn jit() -> Pcre2 {
        Pcre2::new(Pcre2Config::default())
    }

    /// The `pcre2-lazy` engine: JIT-compiles only the searches that outlast the compile
    /// ([`Pcre2Config::lazy`]); the `fillit` drop-in's engine for small inputs.
    pub fn lazy_jit() -> Pcre2 {
        Pcre2::new(Pcre2Config {
            jit: true,
            lazy: true,
        })
    }

    /// The `pcre2-interp` engine: the interpreter only.
    pub fn interpreter() -> Pcre2 {
        Pcre2::new(Pcre2Config {
            jit: false,
            lazy: false,
        })
    }

    /// This engine's configuration.
    pub fn config(&self) -> Pcre2Config {
        self.config
    }
}

/// The link size (in bytes) of the PCRE2 library linked in; backref needs 4.
pub fn pcre2_link_size() -> u32 {
    static LINK_SIZE: OnceLock<u32> = OnceLock::new();
    *LINK_SIZE.get_or_init(|| config_u32(PCRE2_CONFIG_LINKSIZE))
}

fn config_u32(what: u32) -> u32 {
    let mut value: u32 = 0;
    // SAFETY: for these `what` values PCRE2 writes one uint32_t.
    unsafe { pcre2_config_8(what, &mut value as *mut u32 as *mut c_void) };
    value
}

fn jit_supported() -> bool {
    config_u32(PCRE2_CONFIG_JIT) == 1
}

fn pcre2_version() -> String {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION
        .get_or_init(|| {
            let mut buf = [0u8; 64];
            // SAFETY: PCRE2_CONFIG_VERSION writes a NUL-terminated string of at most 24 units.
            let n =
                unsafe { pcre2_config_8(PCRE2_CONFIG_VERSION, buf.as_mut_ptr() as *mut c_void) };
            if n <= 0 {
                return "unknown".into();
            }
            let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
            String::from_utf8_lossy(&buf[..end]).into_owned()
        })
        .clone()
}

/// PCRE2's message for an error code.
fn error_message(code: c_int) -> String {
    let mut buf = [0u8; 256];
    // SAFETY: the buffer length is passed; PCRE2 NUL-terminates within it.
    let n = unsafe { pcre2_get_error_message_8(code, buf.as_mut_ptr(), buf.len()) };
    if n < 0 {
        return format!("PCRE2 error {code}");
    }
    String::from_utf8_lossy(&buf[..n as usize]).into_owned()
}

/// A compiled pattern, freed on drop.
struct Code(*mut pcre2_code_8);

// SAFETY: a compiled pattern is read-only once compiled and JIT-compiled (pcre2api,
// "Multithreading": it may be shared by threads matching at the same time, provided each has its
// own match data, and `pcre2_jit_compile` has run before it is shared, which `Form::build` does
// before the code leaves it). Nothing here mutates it after that; `Drop` frees it once, when the
// last owner goes.
unsafe impl Send for Code {}
// SAFETY: as above; `&Code` only reads (`pcre2_match_8`, `pcre2_pattern_info_8`).
unsafe impl Sync for Code {}

/// Why `pcre2_compile` refused a pattern.
struct CompileFailure {
    code: c_int,
    offset: usize,
}

impl Code {
    fn compile(pattern: &str, options: u32) -> Result<Code, CompileFailure> {
        let mut errcode: c_int = 0;
        let mut erroffset: usize = 0;
        // SAFETY: pointer and length describe `pattern`; no compile context (defaults).
        let code = unsafe {
            pcre2_compile_8(
                pattern.as_ptr(),
                pattern.len(),
                options,
                &mut errcode,
                &mut erroffset,
                ptr::null_mut(),
            )
        };
        if code.is_null() {
            return Err(CompileFailure {
                code: errcode,
                offset: erroffset,
            });
        }
        Ok(Code(code))
    }

    fn info_u32(&self, what: u32) -> u32 {
        let mut value: u32 = 0;
        // SAFETY: for these `what` values PCRE2 writes one uint32_t.
        unsafe { pcre2_pattern_info_8(self.0, what, &mut value as *mut u32 as *mut c_void) };
        value
    }

    /// Whether the pattern has any callout item.
    fn has_callouts(&self) -> bool {
        // SAFETY: `self.0` is a valid compiled pattern; the callback touches neither argument.
        unsafe { pcre2_callout_enumerate_8(self.0, Some(stop_at_first), ptr::null_mut()) == 1 }
    }

    fn capture_count(&self) -> usize {
        self.info_u32(PCRE2_INFO_CAPTURECOUNT) as usize
    }

    /// Group names and numbers from the name table.
    fn names(&self) -> BTreeMap<String, usize> {
        let count = self.info_u32(PCRE2_INFO_NAMECOUNT) as usize;
        let entry = self.info_u32(PCRE2_INFO_NAMEENTRYSIZE) as usize;
        let mut names = BTreeMap::new();
        if count == 0 || entry < 3 {
            return names;
        }
        let mut table: *const u8 = ptr::null();
        // SAFETY: PCRE2_INFO_NAMETABLE writes a pointer to the table, which lives as long as
        // the code and holds `count` entries of `entry` bytes each.
        let table = unsafe {
            pcre2_pattern_info_8(
                self.0,
                PCRE2_INFO_NAMETABLE,
                &mut table as *mut *const u8 as *mut c_void,
            );
            if table.is_null() {
                return names;
            }
            std::slice::from_raw_parts(table, count * entry)
        };
        for e in table.chunks_exact(entry) {
            let number = (usize::from(e[0]) << 8) | usize::from(e[1]);
            let name = &e[2..];
            let end = name.iter().position(|&b| b == 0).unwrap_or(name.len());
            names.insert(String::from_utf8_lossy(&name[..end]).into_owned(), number);
        }
        names
    }
}

impl Drop for Code {
    fn drop(&mut self) {
        // SAFETY: created by pcre2_compile_8 and freed once.
        unsafe { pcre2_code_free_8(self.0) }
    }
}

/// The error for a pattern `pcre2_compile` refused: [`EngineError::TooLarge`] for PCRE2's fixed
/// limits, [`EngineError::Compile`] for everything else. `offset` is already relative to
/// `pattern`.
fn compile_error(engine: &'static str, pattern: &str, code: c_int, offset: usize) -> EngineError {
    let detail = format!(
        "error {code} at offset {offset}: {} (near {:?})",
        error_message(code),
        context_around(pattern, offset)
    );
    match limit_in_words(code, pattern) {
        Some(words) => EngineError::TooLarge {
            engine,
            what: format!("{words} (PCRE2 {detail})"),
        },
        None => EngineError::Compile {
            engine,
            message: detail,
        },
    }
}

/// PCRE2's compile error codes that are limits (`ERRn` in `pcre2_compile.c` is code 100 + n).
mod limit_codes {
    pub(super) const REPEAT_COUNT: i32 = 105;
    pub(super) const NESTED_TOO_DEEPLY: i32 = 119;
    pub(super) const TOO_LARGE: i32 = 120;
    pub(super) const NO_HEAP_MEMORY: i32 = 121;
    pub(super) const NESTED_TOO_DEEPLY_STACK: i32 = 133;
    pub(super) const NAME_TOO_LONG: i32 = 148;
    pub(super) const TOO_MANY_NAMES: i32 = 149;
    pub(super) const CALLOUT_STRING_TOO_LONG: i32 = 172;
    pub(super) const MARK_TOO_LONG: i32 = 176;
    pub(super) const OPTION_GROUPS_TOO_DEEP: i32 = 184;
    pub(super) const TOO_COMPLICATED: i32 = 186;
    pub(super) const LOOKBEHIND_TOO_LONG: i32 = 187;
    pub(super) const TOO_MANY_GROUPS: i32 = 197;
    pub(super) const VARIABLE_LOOKBEHIND_TOO_LONG: i32 = 200;
    pub(super) const CLASSES_TOO_DEEP: i32 = 207;
}

/// PCRE2's most capture groups in one pattern.
const MAX_GROUPS: u64 = 65_535;
/// PCRE2's most named groups in one pattern.
const MAX_NAMES: u64 = 10_000;

/// The limit behind compile error `code`, in words with the pattern's own figure where the
/// message lacks it; `None` when the error is not a limit.
fn limit_in_words(code: c_int, pattern: &str) -> Option<String> {
    use limit_codes::*;
    let bytes = thousands(pattern.len() as u64);
    Some(match code {
        TOO_MANY_GROUPS => {
            let n = shape(pattern).groups as u64;
            if n > MAX_GROUPS {
                format!(
                    "the pattern has {} capturing groups; PCRE2 allows at most {}",
                    thousands(n),
                    thousands(MAX_GROUPS)
                )
            } else {
                format!(
                    "the pattern has more than {} capturing groups, PCRE2's most",
                    thousands(MAX_GROUPS)
                )
            }
        }
        TOO_MANY_NAMES => {
            let n = shape(pattern).named as u64;
            if n > MAX_NAMES {
                format!(
                    "the pattern has {} named groups; PCRE2 allows at most {}",
                    thousands(n),
                    thousands(MAX_NAMES)
                )
            } else {
                format!(
                    "the pattern has more than {} named groups, PCRE2's most",
                    thousands(MAX_NAMES)
                )
            }
        }
        TOO_LARGE => format!(
            "the pattern ({bytes} bytes) compiles to more than PCRE2 allows with {}-byte links \
             ({})",
            pcre2_link_size(),
            if pcre2_link_size() >= 4 {
                "1 GiB"
            } else {
                "64 KiB"
            }
        ),
        NESTED_TOO_DEEPLY => format!(
            "parentheses are nested {} deep; PCRE2 allows at most {}",
            shape(pattern).depth,
            config_u32(PCRE2_CONFIG_PARENSLIMIT)
        ),
        NESTED_TOO_DEEPLY_STACK => format!(
            "parentheses are nested too deeply ({} levels) for PCRE2's compiler stack",
            shape(pattern).depth
        ),
        OPTION_GROUPS_TOO_DEEP => {
            "branch-reset `(?|` or option-setting groups are nested deeper than PCRE2's compiler \
             allows"
                .into()
        }
        TOO_COMPLICATED => {
            "the pattern is too complicated for PCRE2's compiler (its workspace overflowed)".into()
        }
        NO_HEAP_MEMORY => format!("PCRE2 ran out of memory compiling the pattern ({bytes} bytes)"),
        REPEAT_COUNT => "a `{..}` repeat count exceeds PCRE2's maximum of 65,535".into(),
        NAME_TOO_LONG => "a group name is longer than PCRE2's maximum".into(),
        CALLOUT_STRING_TOO_LONG => "a callout string is longer than PCRE2 allows".into(),
        MARK_TOO_LONG => "a (*MARK) name is longer than PCRE2 allows".into(),
        LOOKBEHIND_TOO_LONG => "a lookbehind assertion is longer than PCRE2 allows".into(),
        VARIABLE_LOOKBEHIND_TOO_LONG => {
            "a branch of a variable-length lookbehind is longer than PCRE2 allows".into()
        }
        CLASSES_TOO_DEEP => "extended character classes are nested too deeply for PCRE2".into(),
        _ => return None,
    })
}

/// The JIT's largest frame: the working data of one match (PCRE2's `private_data_size`).
const JIT_FRAME_BYTES: u64 = 64 * 1024;

/// Why PCRE2's JIT could not compile a pattern, which then runs on the interpreter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum JitFallback {
    /// This PCRE2 was built without JIT support.
    NotBuilt,
    /// The JIT's working data for one match (its frame: about 24 bytes per capture group, plus
    /// a slot per backtracking item) would exceed its 64 KiB limit. PCRE2 reports this as
    /// "feature is not supported by the JIT compiler" (error -68), which for backref's patterns
    /// means the frame: its other cause, auto-callouts in conditions, is never used here.
    FrameTooLarge {
        /// Capture groups in the compiled pattern.
        groups: usize,
    },
    /// Not enough memory for the JIT compiler, or for executable memory (error -48).
    NoMemory,
    /// Any other error from `pcre2_jit_compile`.
    Other {
        /// PCRE2's error code.
        code: i32,
        /// PCRE2's message.
        message: String,
    },
}

impl JitFallback {
    /// The reason followed by its consequence, as a [`Run::notes`] line.
    pub fn note(&self) -> String {
        format!("{self}; matched with the interpreter (much slower)")
    }
}

impl std::fmt::Display for JitFallback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JitFallback::NotBuilt => f.write_str("this PCRE2 was built without its JIT compiler"),
            JitFallback::FrameTooLarge { groups } => write!(
                f,
                "JIT compilation failed: the working data of one match would exceed the JIT's \
                 {} KiB frame (the pattern has {} capture groups at about 24 bytes each, plus a \
                 slot per backtracking item; the JIT fits about 2,700 groups)",
                JIT_FRAME_BYTES / 1024,
                thousands(*groups as u64)
            ),
            JitFallback::NoMemory => f.write_str(
                "JIT compilation failed: not enough memory for the JIT compiler or its \
                 executable code",
            ),
            JitFallback::Other { code, message } => {
                write!(f, "JIT compilation failed: error {code}: {message}")
            }
        }
    }
}

/// JIT-compiles `code`, or says why it could not.
fn jit_compile(code: &Code) -> Result<(), JitFallback> {
    if !jit_supported() {
        return Err(JitFallback::NotBuilt);
    }
    // SAFETY: `code` is a valid compiled pattern, not yet shared with another thread.
    let rc = unsafe { pcre2_jit_compile_8(code.0, PCRE2_JIT_COMPLETE) };
    match rc {
        0 => Ok(()),
        PCRE2_ERROR_JIT_UNSUPPORTED => Err(JitFallback::FrameTooLarge {
            groups: code.capture_count(),
        }),
        PCRE2_ERROR_NOMEMORY => Err(JitFallback::NoMemory),
        code => Err(JitFallback::Other {
            code,
            message: error_message(code),
        }),
    }
}

/// The interpreter's steps before a lazy matcher ([`Pcre2Config::lazy`]) JIT-compiles a
/// `pattern_bytes` pattern: about what the interpreter does in the time the JIT's compile takes.
/// Measured on fillit's patterns of 2–60 KB (AMD EPYC, PCRE2 10.46; docs/performance.md, "The
/// C solvers beside the drop-in"): `pcre2_jit_compile` took about 0.3 ms plus 0.155 µs a byte,
/// and the interpreter ran about 22 million steps a second.
fn lazy_steps(pattern_bytes: usize) -> u64 {
    const BASE_STEPS: u64 = 6_000;
    const STEPS_PER_BYTE: u64 = 3;
    BASE_STEPS + STEPS_PER_BYTE * pattern_bytes as u64
}

/// Matches `subject` from its start with `form`, the match limit set to `limit`, and returns
/// PCRE2's return code. `context` carries the run's other limits, callout and JIT stack.
fn match_limited(
    form: &Form,
    subject: &str,
    match_data: &MatchData,
    context: &MatchContext,
    limit: u32,
) -> c_int {
    // SAFETY: all objects are valid; the subject pointer and length describe `subject`. The
    // code is shared read-only; the match data and context (with any JIT stack assigned to it)
    // belong to the caller's run, which keeps them alive across the call.
    unsafe {
        pcre2_set_match_limit_8(context.0, limit);
        pcre2_match_8(
            form.code.0,
            subject.as_ptr(),
            subject.len(),
            0,
            0,
            match_data.0,
            context.0,
        )
    }
}

/// What a match in a child process sends back: its return code, then its ovector (the
/// captures' offsets), little-endian.
fn answer_bytes(rc: c_int, ovector: &[usize]) -> Vec<u8> {
    let mut out = Vec::with_capacity(12 + 8 * ovector.len());
    out.extend(rc.to_le_bytes());
    out.extend((ovector.len() as u64).to_le_bytes());
    for x in ovector {
        out.extend((*x as u64).to_le_bytes());
    }
    out
}

/// Reads [`answer_bytes`] back.
fn read_answer(bytes: &[u8]) -> Result<(c_int, Vec<usize>), String> {
    let bad = || format!("a child's answer of {} bytes is cut short", bytes.len());
    let rc = c_int::from_le_bytes(bytes.get(..4).ok_or_else(bad)?.try_into().expect("4"));
    let count = u64::from_le_bytes(bytes.get(4..12).ok_or_else(bad)?.try_into().expect("8"));
    let words = bytes.get(12..).ok_or_else(bad)?;
    if words.len() as u64 != 8 * count {
        return Err(bad());
    }
    let ovector = words
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().expect("8")) as usize)
        .collect();
    Ok((rc, ovector))
}

/// One compiled form of a pattern (plain, or the counting form), JIT-compiled where asked.
struct Form {
    code: Code,
    jit: bool,
    jit_fallback: Option<JitFallback>,
    group_count: usize,
    names: BTreeMap<String, usize>,
    /// Whether the pattern has callouts: a timed run without them keeps its deadline through
    /// a calibrated match limit instead (see [`calibrated`]).
    has_callouts: bool,
    compile_time: Duration,
}

impl Form {
    /// Compiles `pattern` with `options`, as the counting form when `counting`, and JIT-compiles
    /// it when `jit`. Errors carry offsets into `pattern` itself.
    fn build(
        engine: &'static str,
        pattern: &str,
        options: u32,
        jit: bool,
        counting: bool,
    ) -> Result<Form, EngineError> {
        let start = Instant::now();
        // A callout is written `(?C…)`: a pattern without that text has none, and the compiled
        // code need not be walked to find out (0.7 % of the instructions of a whole run of the
        // fillit drop-in on an 8-piece input).
        let mut written_callouts = pattern.contains(CALLOUT_TEXT);
        let code = if counting {
            let (text, head) = counting_pattern(pattern, options & PCRE2_EXTENDED != 0);
            written_callouts = text.contains(CALLOUT_TEXT);
            Code::compile(&text, options).map_err(|f| {
                // Offsets past the added `(?:` move back to the caller's pattern.
                let offset = if f.offset > head {
                    (f.offset - head).saturating_sub(3).saturating_add(head)
                } else {
                    f.offset
                };
                compile_error(engine, pattern, f.code, offset.min(pattern.len()))
            })?
        } else {
            Code::compile(pattern, options)
                .map_err(|f| compile_error(engine, pattern, f.code, f.offset))?
        };
        Ok(Form::from_code(code, jit, written_callouts, start))
    }

    /// The form of compiled `code`, JIT-compiled when `jit`; its compile time runs from `start`.
    /// `written_callouts` is false when the pattern's text has no callout, so the code has none.
    fn from_code(code: Code, jit: bool, written_callouts: bool, start: Instant) -> Form {
        let jit_fallback = if jit { jit_compile(&code).err() } else { None };
        Form {
            jit: jit && jit_fallback.is_none(),
            jit_fallback,
            group_count: code.capture_count(),
            names: code.names(),
            has_callouts: written_callouts && code.has_callouts(),
            code,
            compile_time: start.elapsed(),
        }
    }

    /// A JIT-compiled copy of this interpreter form, for a lazy matcher's long searches.
    fn jit_copy(&self, engine: &'static str) -> Result<Form, EngineError> {
        let start = Instant::now();
        // SAFETY: `self.code` is a valid compiled pattern, only read here; the copy is a new
        // object (without JIT code) that the returned `Code` owns and frees.
        let copy = unsafe { pcre2_code_copy_8(self.code.0) };
        if copy.is_null() {
            return Err(EngineError::Match {
                engine,
                message: "out of memory copying the compiled pattern for the JIT".into(),
            });
        }
        Ok(Form::from_code(Code(copy), true, self.has_callouts, start))
    }
}

/// Match data sized for a pattern, freed on drop.
struct MatchData(*mut pcre2_match_data_8);

impl MatchData {
    fn new(code: &Code) -> Result<MatchData, String> {
        // SAFETY: `code` is a valid compiled pattern.
        let md = unsafe { pcre2_match_data_create_from_pattern_8(code.0, ptr::null_mut()) };
        if md.is_null() {
            return Err("out of memory creating match data".into());
        }
        Ok(MatchData(md))
    }

    fn ovector(&self) -> &[usize] {
        // SAFETY: the ovector holds 2 * count entries and lives as long as the match data.
        unsafe {
            let n = pcre2_get_ovector_count_8(self.0) as usize;
            std::slice::from_raw_parts(pcre2_get_ovector_pointer_8(self.0), 2 * n)
        }
    }
}

impl Drop for MatchData {
    fn drop(&mut self) {
        // SAFETY: created by pcre2_match_data_create_from_pattern_8 and freed once.
        unsafe { pcre2_match_data_free_8(self.0) }
    }
}

/// A match context, freed on drop.
struct MatchContext(*mut pcre2_match_context_8);

impl MatchContext {
    fn new() -> Result<MatchContext, String> {
        // SAFETY: plain allocation with the default general context.
        let mc = unsafe { pcre2_match_context_create_8(ptr::null_mut()) };
        if mc.is_null() {
            return Err("out of memory creating a match context".into());
        }
        Ok(MatchContext(mc))
    }
}

impl Drop for MatchContext {
    fn drop(&mut self) {
        // SAFETY: created by pcre2_match_context_create_8 and freed once.
        unsafe { pcre2_match_context_free_8(self.0) }
    }
}

/// A JIT stack, freed on drop (after the match context that refers to it is no longer used).
struct JitStack(*mut pcre2_jit_stack_8);

impl JitStack {
    fn new() -> Result<JitStack, String> {
        // SAFETY: plain allocation with the default general context.
        let js =
            unsafe { pcre2_jit_stack_create_8(JIT_STACK_START, JIT_STACK_MAX, ptr::null_mut()) };
        if js.is_null() {
            return Err("could not allocate the JIT stack".into());
        }
        Ok(JitStack(js))
    }
}

impl JitStack {
    /// A new JIT stack assigned to `context` when `jit`, else none. The caller keeps it alive
    /// for as long as it matches with `context`.
    fn for_context(jit: bool, context: &MatchContext) -> Result<Option<JitStack>, String> {
        if !jit {
            return Ok(None);
        }
        let stack = JitStack::new()?;
        // SAFETY: both objects are valid; the caller keeps the stack alive while it matches
        // with the context.
        unsafe { pcre2_jit_stack_assign_8(context.0, None, stack.0 as *mut c_void) };
        Ok(Some(stack))
    }
}

impl Drop for JitStack {
    fn drop(&mut self) {
        // SAFETY: created by pcre2_jit_stack_create_8 and freed once.
        unsafe { pcre2_jit_stack_free_8(self.0) }
    }
}

/// The fewest match steps of the first, calibrating run of a timed match without callouts
/// (about 1 ms under the JIT).
const CALIBRATION_STEPS: u32 = 100_000;

/// Step rates (per second) well below the slowest measured on backref's patterns, which size
/// the first run of a timed match: the JIT did 90–170 million steps a second and the
/// interpreter 0.9–6.5 million (its steps are other units) on Sudoku, fillit, queens and
/// aquarium patterns (2026-11-23, docs/engines.md "Timeouts"). At these rates the first run
/// takes at most [`FIRST_RUN_SHARE`] of the timeout unless the machine is over four times
/// slower than when measured.
const SLOWEST_JIT_RATE: f64 = 20e6;
/// See [`SLOWEST_JIT_RATE`].
const SLOWEST_INTERPRETER_RATE: f64 = 0.2e6;
/// The share of the timeout the first run may take at the slowest rates: a hundredth (with
/// `--timeout 10`, 2 million steps, 7–17 ms under the JIT). A search that needs more runs again
/// from the start, so the first run is what a timed run can lose: with a quarter of the timeout
/// (50 million steps) a search just longer than that was paid nearly twice (rectangles
/// `guillotine_20x15`: 1.29 s timed against 0.86 s untimed); with a hundredth the loss is at
/// most those few milliseconds (0.83 against 0.82 s; docs/performance.md, "Timeouts: a smaller
/// first run").
const FIRST_RUN_SHARE: f64 = 0.01;

/// The first run's match limit for a timed match with `budget` left: what the slowest rate
/// does in [`FIRST_RUN_SHARE`] of it, at least [`CALIBRATION_STEPS`], at most `user_limit`.
/// Most searches end within it, and pay nothing for the timeout.
fn first_limit(budget: Duration, jit: bool, user_limit: u32) -> u32 {
    let rate = if jit {
        SLOWEST_JIT_RATE
    } else {
        SLOWEST_INTERPRETER_RATE
    };
    let steps = FIRST_RUN_SHARE * rate * budget.as_secs_f64();
    let steps = if steps >= f64::from(u32::MAX) {
        u32::MAX
    } else {
        steps as u32
    };
    steps.max(CALIBRATION_STEPS).min(user_limit)
}

/// How much larger each calibrated match limit may be than the one before: enough for the run
/// after a short first one to reach the deadline (a first run of 2 million steps, then up to 2
/// billion), while a rate measured on a first run that was cut very early cannot size the next
/// one without bound.
const GROWTH: f64 = 1024.0;

/// The longest timeout kept by [`calibrated`]: PCRE2's match limit is a `u32`, which the
/// fastest patterns here (about 100 million steps a second under the JIT) use up in about
/// 40 s. Longer timeouts get a pattern with callouts ([`crate::callouts_for_timeout`]) where
/// no child process can keep them ([`detach`]).
const LONGEST_CALIBRATED_TIMEOUT: Duration = Duration::from_secs(20);

/// A timed match of a pattern without callouts, where PCRE2 cannot look at the clock: first a
/// run of `first` steps ([`first_limit`]); if that is not enough, the steps per second it measured
/// give the match limit that lasts until `deadline`, and the match runs again from the start
/// with it, each limit at most [`GROWTH`] times the last. When a run's limit runs out well
/// before the deadline, the rate that run measured sets the next limit, as long as that is at
/// least twice the last (a restart on fewer steps could get no further); otherwise the run
/// gives up as timed out. Returns the last return code, whether a calibrated
/// limit ran out (the deadline, in effect, passed), the time spent matching and a note when it
/// restarted.
///
/// What it costs: nothing on searches shorter than the first run (with a 10 s timeout, 2
/// million steps under the JIT: about 10 ms), and on longer ones the first run, against
/// 1.15–3× for callouts in the JIT (each copies every capture). What it gives up: a search gets about three quarters of the time left in one
/// piece, so one that needs nearly all of its timeout may give up where callouts would not
/// have. The CLI's watchdog stays the backstop should the step rate change a lot late in a
/// search.
fn calibrated(
    match_once: impl Fn(u32) -> (c_int, Duration),
    first: u32,
    user_limit: u32,
    deadline: Instant,
) -> (c_int, bool, Duration, Option<String>) {
    let budget = deadline.saturating_duration_since(Instant::now());
    // Close enough to the deadline to stop instead of starting again.
    let slack = (budget / 20).max(Duration::from_millis(20));
    let mut limit = first.min(user_limit);
    let mut spent = Duration::ZERO;
    let mut runs: Vec<(u32, Duration)> = Vec::new();
    loop {
        let (rc, took) = match_once(limit);
        spent += took;
        runs.push((limit, took));
        let note = (runs.len() > 1).then(|| {
            let (steps, time) = runs[0];
            format!(
                "the timeout is kept by a calibrated match limit: a first run of {steps} steps \
                 took {:.1} ms, then the match started again {} time(s), last with a limit of \
                 {limit} steps",
                time.as_secs_f64() * 1e3,
                runs.len() - 1
            )
        });
        if rc != PCRE2_ERROR_MATCHLIMIT || limit >= user_limit {
            return (rc, false, spent, note);
        }
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining <= slack {
            return (rc, true, spent, note);
        }
        // A quarter short of the deadline: a search's step rate drifts as it goes deeper and
        // as the machine gets busier (the CLI's watchdog ends a run a tenth past its bound), and
        // a run that ends early is followed by another only while more than `slack` is left.
        let rate = f64::from(limit) / took.as_secs_f64().max(1e-7);
        let wanted = 0.75 * rate * remaining.as_secs_f64();
        // Each run at most GROWTH times the last: a rate measured on a short run can be far
        // off (the first steps of a search may be cheaper than the rest), and a limit that is
        // too large cannot be taken back. The runs thrown away cost at most 1/(GROWTH - 1) of
        // the last one.
        let next = wanted.min(f64::from(limit) * GROWTH);
        if next < 2.0 * f64::from(limit) {
            // A run from the start on less than twice the steps of the one that just ran out
            // gets hardly further: the time left is not worth it.
            return (rc, true, spent, note);
        }
        limit = if next >= f64::from(user_limit) {
            user_limit
        } else {
            next as u32
        };
    }
}

/// How a [`detached`] match ended.
struct DetachedRun {
    /// PCRE2's return code (the match limit's when the deadline passed).
    rc: c_int,
    /// Whether the deadline passed first.
    ran_out: bool,
    /// Time spent matching, in this process and in the child.
    took: Duration,
    /// What to tell the user.
    notes: Vec<String>,
    /// The child's captures, when it matched.
    ovector: Option<Vec<usize>>,
}

/// A timed match of a pattern without callouts, kept by a child process: a first run of
/// [`CALIBRATION_STEPS`] in this process (`match_once`), where most searches end; a longer one
/// runs again in a forked child (`in_child`, [`detach::run_detached`]) that the deadline
/// kills, without a match limit of the timeout's own. The first run is short because it is paid
/// twice: one of the calibrated size (2 million steps at 10 s) made N=1000 queens' 1.27 s match
/// take 1.59 s, against 1.23 s with this one, while a search just past it pays a few
/// milliseconds for the fork (queens 40: 2 → 4–9 ms). Where no child can be started, the
/// calibrated limits keep the deadline ([`calibrated`]).
fn detached(
    match_once: &impl Fn(u32) -> (c_int, Duration),
    in_child: impl FnOnce() -> Vec<u8>,
    user_limit: u32,
    deadline: Instant,
    jit: bool,
) -> DetachedRun {
    let first = CALIBRATION_STEPS.min(user_limit);
    let (rc, took) = match_once(first);
    let mut run = DetachedRun {
        rc,
        ran_out: false,
        took,
        notes: Vec::new(),
        ovector: None,
    };
    if rc != PCRE2_ERROR_MATCHLIMIT || first >= user_limit {
        return run;
    }
    let started = Instant::now();
    let answer = detach::run_detached(deadline, in_child);
    run.took += started.elapsed();
    run.notes.push(format!(
        "the timeout is kept by a child process: a first run of {first} steps took {:.1} ms, \
         then the match ran again in a child process that the deadline ends",
        took.as_secs_f64() * 1e3
    ));
    match answer.and_then(|a| match a {
        Detached::Done(bytes) => read_answer(&bytes).map(Some),
        Detached::TimedOut => Ok(None),
    }) {
        Ok(Some((rc, ovector))) => {
            run.rc = rc;
            run.ovector = Some(ovector);
        }
        Ok(None) => {
            run.rc = PCRE2_ERROR_MATCHLIMIT;
            run.ran_out = true;
        }
        Err(e) => {
            run.notes.push(format!(
                "no answer from the child process ({e}): the timeout is kept by calibrated \
                 match limits instead"
            ));
            let left = deadline.saturating_duration_since(Instant::now());
            let first = first_limit(left, jit, user_limit);
            let (rc, ran_out, took, note) = calibrated(match_once, first, user_limit, deadline);
            run.took += took;
            run.notes.extend(note);
            run.rc = rc;
            run.ran_out = ran_out;
        }
    }
    run
}

/// Everything the callout function reads and writes during one match.
struct CalloutState {
    counting: bool,
    keep: usize,
    /// Stop once this many matches have been counted ([`Mode::AtMost`]).
    max: Option<u64>,
    /// Set when the count reached `max` and the callout stopped the search.
    reached_max: bool,
    group_count: usize,
    matches: u64,
    first: Option<Captures>,
    kept: Vec<Captures>,
    steps: u64,
    deadline: Option<Instant>,
    progress: Option<Arc<AtomicU64>>,
    cancel: Option<Arc<Cancel>>,
    timed_out: bool,
    cancelled: bool,
    panicked: bool,
}

/// The callout function. It must never unwind into C, so the body runs under `catch_unwind`.
extern "C" fn callout(block: *mut CalloutBlock, data: *mut c_void) -> c_int {
    let state = data as *mut CalloutState;
    let result = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: PCRE2 passes the block it owns and the data pointer installed with the
        // callout, which points at a `CalloutState` that outlives the match.
        unsafe { on_callout(&*block, &mut *state) }
    }));
    match result {
        Ok(rc) => rc,
        Err(_) => {
            // SAFETY: as above; the closure's borrow ended with the panic.
            unsafe { (*state).panicked = true };
            PCRE2_ERROR_CALLOUT
        }
    }
}

fn on_callout(block: &CalloutBlock, state: &mut CalloutState) -> c_int {
    if !state.counting && block.callout_number == COUNT_CALLOUT {
        // A first-match run on the counting form: the match is complete.
        return 0;
    }
    state.steps += 1;
    if state.steps & (CHECK_EVERY - 1) == 0 {
        if let Some(progress) = &state.progress {
            progress.store(state.steps, Ordering::Relaxed);
        }
        if let Some(deadline) = state.deadline {
            if Instant::now() >= deadline {
                state.timed_out = true;
                return PCRE2_ERROR_CALLOUT;
            }
        }
        if state.cancel.as_ref().is_some_and(|c| c.is_raised()) {
            state.cancelled = true;
            return PCRE2_ERROR_CALLOUT;
        }
    }
    if state.counting && block.callout_number == COUNT_CALLOUT {
        state.matches += 1;
        let want_first = state.first.is_none();
        let want_kept = state.kept.len() < state.keep;
        if want_first || want_kept {
            let caps = callout_captures(block, state.group_count);
            if want_kept {
                state.kept.push(caps.clone());
            }
            if want_first {
                state.first = Some(caps);
            }
        }
        if state.max.is_some_and(|max| state.matches >= max) {
            state.reached_max = true;
            return PCRE2_ERROR_CALLOUT;
        }
        // Fail here: PCRE2 backtracks and looks for the next match.
        return 1;
    }
    0
}

/// The captures as they stand at a callout: group 0 from the start of the attempt to the
/// current position, the others from the callout's offset vector.
fn callout_captures(block: &CalloutBlock, group_count: usize) -> Captures {
    // SAFETY: PCRE2 guarantees `subject` points at `subject_length` code units and that the
    // offset vector holds `2 * capture_top` entries during the callout.
    let (subject, ovector) = unsafe {
        (
            std::slice::from_raw_parts(block.subject, block.subject_length),
            std::slice::from_raw_parts(block.offset_vector, 2 * block.capture_top as usize),
        )
    };
    let mut groups = Vec::with_capacity(group_count + 1);
    groups.push(slice_text(
        subject,
        block.start_match,
        block.current_position,
    ));
    for n in 1..=group_count {
        let text = if 2 * n + 1 < ovector.len() {
            slice_text(subject, ovector[2 * n], ovector[2 * n + 1])
        } else {
            None
        };
        groups.push(text);
    }
    Captures::new(groups)
}

/// `subject[start..end]` as text, or `None` for unset offsets (`PCRE2_UNSET`) or nonsense.
fn slice_text(subject: &[u8], start: usize, end: usize) -> Option<String> {
    if start == usize::MAX || end == usize::MAX || start > end || end > subject.len() {
        return None;
    }
    let bytes = &subject[start..end];
    // Captures are nearly always valid UTF-8 (subjects are text): checking first is several
    // times cheaper than the lossy conversion's scan.
    Some(match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    })
}

/// A short piece of `pattern` around byte `offset`, for compile error messages.
fn context_around(pattern: &str, offset: usize) -> String {
    let bytes = pattern.as_bytes();
    let offset = offset.min(bytes.len());
    let start = offset.saturating_sub(30);
    let end = (offset + 30).min(bytes.len());
    String::from_utf8_lossy(&bytes[start..end]).into_owned()
}

/// Start-of-pattern options such as `(*LIMIT_MATCH=10)` that must stay at the very start.
const START_OPTIONS: &[&str] = &[
    "UTF)",
    "UCP)",
    "NOTEMPTY)",
    "NOTEMPTY_ATSTART)",
    "NO_AUTO_POSSESS)",
    "NO_DOTSTAR_ANCHOR)",
    "NO_JIT)",
    "NO_START_OPT)",
    "LIMIT_HEAP=",
    "LIMIT_MATCH=",
    "LIMIT_DEPTH=",
    "LIMIT_RECURSION=",
    "CR)",
    "LF)",
    "CRLF)",
    "ANYCRLF)",
    "ANY)",
    "NUL)",
    "BSR_ANYCRLF)",
    "BSR_UNICODE)",
];

/// The counting form of `pattern`: `(?:pattern)(?C255)`, keeping start-of-pattern options first
/// (in extended mode a newline ends a trailing `#` comment before the `)`). Returns it and the
/// length of the start options, after which it inserted `(?:`.
fn counting_pattern(pattern: &str, extended: bool) -> (String, usize) {
    let mut rest = pattern;
    let mut head = 0;
    while let Some(after) = rest.strip_prefix("(*") {
        let known = START_OPTIONS.iter().any(|o| after.starts_with(o));
        let Some(close) = after.find(')') else { break };
        if !known {
            break;
        }
        let len = 2 + close + 1;
        head += len;
        rest = &rest[len..];
    }
    let text = format!(
        "{}(?:{}{})(?C{COUNT_CALLOUT})",
        &pattern[..head],
        &pattern[head..],
        if extended { "\n" } else { "" }
    );
    (text, head)
}

fn clamp_u32(v: Option<u64>, default: u32) -> u32 {
    v.map_or(default, |v| u32::try_from(v).unwrap_or(u32::MAX))
}

fn limit_of(rc: c_int) -> Option<Limit> {
    match rc {
        PCRE2_ERROR_MATCHLIMIT => Some(Limit::MatchLimit),
        PCRE2_ERROR_DEPTHLIMIT => Some(Limit::DepthLimit),
        PCRE2_ERROR_HEAPLIMIT => Some(Limit::HeapLimit),
        PCRE2_ERROR_JIT_STACKLIMIT => Some(Limit::Stack),
        _ => None,
    }
}

/// PCRE2 compile options for `flags` (PCRE2 honours all of them).
fn compile_options(flags: &Flags) -> u32 {
    let mut options = 0;
    if flags.ignore_whitespace {
        options |= PCRE2_EXTENDED;
    }
    if flags.multiline {
        options |= PCRE2_MULTILINE;
    }
    if flags.dot_all {
        options |= PCRE2_DOTALL;
    }
    options
}

impl Pcre2 {
    /// A matcher for `pattern`, compiling up front the counting form when `counting`, else the
    /// plain one (the other is compiled on first use).
    fn matcher(
        &self,
        pattern: &str,
        flags: &Flags,
        counting: bool,
    ) -> Result<Pcre2Matcher, EngineError> {
        let engine = self.name();
        flags.check(Flags::ALL, engine)?;
        let link_size = pcre2_link_size();
        if link_size != REQUIRED_LINK_SIZE {
            return Err(EngineError::Unavailable {
                engine,
                reason: format!("PCRE2 was built with LINK_SIZE={link_size}; {INSTALL_HINT}"),
            });
        }
        let options = compile_options(flags);
        // A lazy matcher's plain form starts on the interpreter; counting keeps the JIT.
        let lazy = self.config.jit && self.config.lazy && !counting;
        let form = Form::build(engine, pattern, options, self.config.jit && !lazy, counting)?;
        let compile_time = form.compile_time;
        let (plain, counting_form) = if counting {
            (None, OnceLock::from(Ok(Arc::new(form))))
        } else {
            (Some(Arc::new(form)), OnceLock::new())
        };
        Ok(Pcre2Matcher {
            engine,
            pattern: pattern.to_owned(),
            options,
            jit: self.config.jit,
            plain,
            counting: counting_form,
            lazy_steps: lazy.then(|| lazy_steps(pattern.len())),
            jitted: OnceLock::new(),
            compile_time,
        })
    }
}

impl Engine for Pcre2 {
    fn name(&self) -> &'static str {
        match (self.config.jit, self.config.lazy) {
            (true, false) => "pcre2",
            (true, true) => "pcre2-lazy",
            (false, _) => "pcre2-interp",
        }
    }

    fn dialect(&self) -> &'static Dialect {
        &PCRE2
    }

    fn info(&self) -> EngineInfo {
        let link_size = pcre2_link_size();
        let available = link_size == REQUIRED_LINK_SIZE;
        EngineInfo {
            name: self.name(),
            version: if available {
                pcre2_version()
            } else {
                format!("{} (LINK_SIZE={link_size}, need 4)", pcre2_version())
            },
            available,
            install_hint: (!available).then_some(INSTALL_HINT),
            jit: self.config.jit && jit_supported(),
            link_size: Some(link_size),
            can_count: true,
        }
    }

    /// The JIT's lazy form ([`Pcre2::lazy_jit`]): a short search ends on the interpreter,
    /// whose compile costs a tenth of the JIT's, and a long one is JIT-compiled after a budget
    /// that costs about as much as that compile.
    fn for_short_searches(&self) -> Option<Box<dyn Engine>> {
        (self.config.jit && !self.config.lazy).then(|| Box::new(Pcre2::lazy_jit()) as _)
    }

    fn stoppable(&self) -> bool {
        true
    }

    /// Any timeout where a child process can keep it ([`detach`]: the deadline kills the
    /// child, and the match limit stays the untimed run's); else [`LONGEST_CALIBRATED_TIMEOUT`].
    fn timeout_without_callouts(&self) -> Duration {
        if detach::available() {
            Duration::MAX
        } else {
            LONGEST_CALIBRATED_TIMEOUT
        }
    }

    /// Compiles the plain form (and JIT-compiles it with [`Pcre2::jit`]); a counting run
    /// compiles the counting form once, on first use. Honours every [`Flags`] flag.
    fn compile(&self, pattern: &str, flags: &Flags) -> Result<Box<dyn Matcher>, EngineError> {
        Ok(Box::new(self.matcher(pattern, flags, false)?))
    }

    /// A pattern of [`DETACHED_COMPILE_FROM`] bytes or more compiles on a worker thread while
    /// this one waits for it or for `cancel`, whichever comes first; a cancelled compile
    /// finishes there and is dropped. Smaller ones compile here (starting a thread costs more
    /// than a small compile could save).
    fn compile_unless_cancelled(
        &self,
        pattern: &str,
        flags: &Flags,
        cancel: &Cancel,
    ) -> Result<Option<Box<dyn Matcher>>, EngineError> {
        if cancel.is_raised() {
            return Ok(None);
        }
        if pattern.len() < DETACHED_COMPILE_FROM {
            return self.compile(pattern, flags).map(Some);
        }
        let engine = *self;
        let (pattern, flags) = (pattern.to_owned(), *flags);
        let compiled =
            crate::worker::on_worker(self.name(), "compile", None, Some(cancel), move || {
                engine.compile(&pattern, &flags)
            })?;
        compiled.transpose()
    }

    /// Compiles only the form `mode` needs, then matches.
    fn run(
        &self,
        pattern: &str,
        subject: &str,
        mode: Mode,
        limits: &Limits,
    ) -> Result<Run, EngineError> {
        let start = Instant::now();
        let matcher = self.matcher(pattern, &Flags::NONE, mode.counts())?;
        run_compiled(&matcher, start, subject, mode, limits)
    }
}

/// Patterns at least this long compile on a thread of their own when a race may cancel them
/// ([`Engine::compile_unless_cancelled`]): about 20 ms of compile and JIT on the machine of
/// docs/performance.md (fillit's lookahead patterns: 225 KB in 40 ms, 1.3 MB in 260 ms).
pub const DETACHED_COMPILE_FROM: usize = 100_000;

/// A pattern compiled by [`Pcre2`]: the plain form for first-match runs and, compiled on the
/// first counting run, the counting form. Shared read-only between runs and threads.
struct Pcre2Matcher {
    engine: &'static str,
    /// Kept to compile the counting form later.
    pattern: String,
    options: u32,
    jit: bool,
    /// `None` when the matcher was built for counting (first-match runs then use the counting
    /// form, whose extra callout lets every match through).
    plain: Option<Arc<Form>>,
    counting: OnceLock<Result<Arc<Form>, EngineError>>,
    /// For a lazy matcher ([`Pcre2Config::lazy`]), the interpreter's steps before the JIT.
    lazy_steps: Option<u64>,
    /// A lazy matcher's plain form JIT-compiled, made by the first search that outlasts
    /// `lazy_steps`.
    jitted: OnceLock<Result<Arc<Form>, EngineError>>,
    compile_time: Duration,
}

impl Pcre2Matcher {
    /// The form for a run, and how long compiling it took in this call (zero when it was
    /// compiled before).
    fn form(&self, counting: bool) -> Result<(&Arc<Form>, Duration), EngineError> {
        if !counting {
            if let Some(plain) = &self.plain {
                return Ok((plain, Duration::ZERO));
            }
        }
        built_once(&self.counting, || {
            Form::build(self.engine, &self.pattern, self.options, self.jit, true)
        })
    }
}

/// The form in `cell`, built by `build` on first use, and how long building took in this call
/// (zero when an earlier call built it).
fn built_once(
    cell: &OnceLock<Result<Arc<Form>, EngineError>>,
    build: impl FnOnce() -> Result<Form, EngineError>,
) -> Result<(&Arc<Form>, Duration), EngineError> {
    let mut built_now = Duration::ZERO;
    let form = cell.get_or_init(|| {
        let form = build();
        if let Ok(form) = &form {
            built_now = form.compile_time;
        }
        form.map(Arc::new)
    });
    match form {
        Ok(form) => Ok((form, built_now)),
        Err(e) => Err(e.clone()),
    }
}

impl Matcher for Pcre2Matcher {
    fn engine(&self) -> &'static str {
        self.engine
    }

    fn compile_time(&self) -> Duration {
        self.compile_time
    }

    fn jit_fallback(&self) -> Option<&JitFallback> {
        self.plain
            .as_ref()
            .or_else(|| self.counting.get().and_then(|f| f.as_ref().ok()))
            .and_then(|f| f.jit_fallback.as_ref())
    }

    /// Finds the least match limit under which the first-match search ends (matched or
    /// exhausted): limits growing fourfold from 1,000 until one suffices, then bisection down to
    /// [`STEPS_PRECISION`]. PCRE2's step is the unit its match limit counts, which differs
    /// between the JIT and the interpreter, so compare counts of one form only. A pattern's
    /// callouts do nothing here (no callout function is installed).
    fn search_steps(&self, subject: &str, budget: Duration) -> Result<Option<u64>, EngineError> {
        let engine = self.engine;
        let match_err = |message: String| EngineError::Match { engine, message };
        let (form, _) = self.form(false)?;
        let match_data = MatchData::new(&form.code).map_err(match_err)?;
        let context = MatchContext::new().map_err(match_err)?;
        // SAFETY: `context` is a valid match context.
        unsafe { pcre2_set_heap_limit_8(context.0, DEFAULT_HEAP_LIMIT_KIB) };
        // Kept until every match below has run.
        let jit_stack = JitStack::for_context(form.jit, &context).map_err(match_err)?;
        // Whether the search ends within `limit` steps.
        let ends = |limit: u32| match match_limited(form, subject, &match_data, &context, limit) {
            PCRE2_ERROR_MATCHLIMIT => Ok(false),
            rc if rc >= 0 || rc == PCRE2_ERROR_NOMATCH => Ok(true),
            rc => Err(match_err(format!("error {rc}: {}", error_message(rc)))),
        };
        let start = Instant::now();
        // `low` never suffices (0 stands for "not tried"), `high` does.
        let (mut low, mut high) = (0u32, 1000u32);
        while !ends(high)? {
            if high == u32::MAX || start.elapsed() > budget {
                return Ok(None);
            }
            low = high;
            high = high.saturating_mul(4);
        }
        while high - low > 1 && f64::from(high - low) > STEPS_PRECISION * f64::from(low) {
            if start.elapsed() > budget {
                return Ok(None);
            }
            let mid = low + (high - low) / 2;
            if ends(mid)? {
                high = mid;
            } else {
                low = mid;
            }
        }
        drop(jit_stack);
        Ok(Some(u64::from(high)))
    }

    fn run(&self, subject: &str, mode: Mode, limits: &Limits) -> Result<Run, EngineError> {
        let (form, compiled_now) = self.form(mode.counts())?;
        let user_limit = u64::from(clamp_u32(limits.match_limit, u32::MAX));
        match self.lazy_steps {
            Some(steps) if !form.jit && !mode.counts() => self.run_lazily(
                form,
                compiled_now,
                steps.min(user_limit),
                subject,
                mode,
                limits,
            ),
            _ => self.run_on(form, compiled_now, subject, mode, limits),
        }
    }
}

impl Pcre2Matcher {
    /// A run of `form`, on this thread or, when a race may cancel it and only callouts could
    /// stop it here, on a worker the run leaves behind.
    fn run_on(
        &self,
        form: &Arc<Form>,
        compiled_now: Duration,
        subject: &str,
        mode: Mode,
        limits: &Limits,
    ) -> Result<Run, EngineError> {
        match &limits.cancel {
            // Only callouts can stop a match; without them the match runs on a worker that
            // the run leaves behind when the flag rises.
            Some(cancel) if !form.has_callouts => abandoned_on_cancel(
                self.engine,
                form,
                compiled_now,
                subject,
                mode,
                limits,
                cancel,
            ),
            _ => run_form(self.engine, form, compiled_now, subject, mode, limits),
        }
    }

    /// A lazy matcher's first-match run: the interpreter for `steps` (the budget, or the user's
    /// match limit when lower); if the search has not ended (or hit one of the interpreter's own
    /// limits), the JIT-compiled form from the start, with the user's limits and what is left of
    /// the timeout. So a lazy run gives up only where the JIT does: the interpreter counts more
    /// steps than the JIT for the same search, and a user's match limit is the JIT's. A
    /// [`Limits::first_look`] limit is the exception: spent on the interpreter, the run gives
    /// up there. The run's timing counts both matches and the JIT's compile.
    fn run_lazily(
        &self,
        form: &Arc<Form>,
        compiled_now: Duration,
        steps: u64,
        subject: &str,
        mode: Mode,
        limits: &Limits,
    ) -> Result<Run, EngineError> {
        // The step budget bounds this run to about the JIT's compile time.
        let first_limits = Limits {
            timeout: None,
            match_limit: Some(steps),
            ..limits.clone()
        };
        let first = self.run_on(form, compiled_now, subject, mode, &first_limits)?;
        // Any limit but a cancel goes on to the JIT: the interpreter's heap and depth limits
        // are not the JIT's, the budget is not the user's, and the interpreter's count of steps
        // against the user's match limit is not the JIT's either. The one exception is a first
        // look's match limit, a budget in whichever form counts it: spent on the interpreter,
        // the run stops there, without the JIT's compile.
        let first_look_spent = limits.first_look && limits.match_limit.is_some_and(|l| l <= steps);
        match first.outcome {
            Outcome::GaveUp {
                limit: Limit::MatchLimit,
                ..
            } if first_look_spent => return Ok(first),
            Outcome::GaveUp { limit, .. } if limit != Limit::Cancelled => {}
            _ => return Ok(first),
        }
        let (jitted, jit_now) = built_once(&self.jitted, || form.jit_copy(self.engine))?;
        let spent = first.timing.matching;
        let rest = Limits {
            timeout: limits.timeout.map(|t| t.saturating_sub(spent + jit_now)),
            ..limits.clone()
        };
        let mut run = self.run_on(jitted, compiled_now, subject, mode, &rest)?;
        run.timing.compile += jit_now;
        run.timing.matching += spent;
        if let Outcome::GaveUp { elapsed, .. } = &mut run.outcome {
            *elapsed += spent + jit_now;
        }
        run.notes.insert(
            0,
            format!(
                "the interpreter's first {} steps ({:.1} ms) did not end the search: JIT-compiled \
                 the pattern ({:.1} ms) and matched again",
                thousands(steps),
                spent.as_secs_f64() * 1e3,
                jit_now.as_secs_f64() * 1e3
            ),
        );
        Ok(run)
    }
}

/// A run of `form` whose caller stops waiting as soon as `cancel` rises: the match runs on a
/// worker thread, which is left to finish on its own (bounded by the run's other limits, its
/// result dropped) while the run gives up at once with [`Limit::Cancelled`]. This is how a race
/// stops its losers without callouts, which slow the JIT's matches several times over (every
/// callout copies the captures; docs/engines.md). The subject is copied for the worker.
fn abandoned_on_cancel(
    engine: &'static str,
    form: &Arc<Form>,
    compiled_now: Duration,
    subject: &str,
    mode: Mode,
    limits: &Limits,
    cancel: &Cancel,
) -> Result<Run, EngineError> {
    let start = Instant::now();
    let gave_up = |elapsed: Duration, note: &str| {
        let timing = Timing {
            compile: compiled_now,
            matching: elapsed,
            jit: form.jit,
        };
        let mut run = Run::gave_up_before_matching(mode, Limit::Cancelled, elapsed, timing);
        run.notes.push(note.into());
        Ok(run)
    };
    if cancel.is_raised() {
        return gave_up(Duration::ZERO, "cancelled before the match started");
    }
    let (worker_form, worker_subject) = (Arc::clone(form), subject.to_owned());
    let worker_limits = Limits {
        cancel: None,
        ..limits.clone()
    };
    let done = crate::worker::on_worker(engine, "match", None, Some(cancel), move || {
        run_form(
            engine,
            &worker_form,
            compiled_now,
            &worker_subject,
            mode,
            &worker_limits,
        )
    })?;
    match done {
        Some(run) => run,
        None => gave_up(
            start.elapsed(),
            "the match was left to finish on its worker thread",
        ),
    }
}

/// One run of `form` on this thread: the body of [`Matcher::run`].
fn run_form(
    engine: &'static str,
    form: &Form,
    compiled_now: Duration,
    subject: &str,
    mode: Mode,
    limits: &Limits,
) -> Result<Run, EngineError> {
    let match_err = |message: String| EngineError::Match { engine, message };
    let start = Instant::now();
    let deadline = limits.timeout.map(|t| start + t);
    let counting = mode.counts();

    let mut notes = Vec::new();
    if compiled_now > Duration::ZERO {
        notes.push(format!(
            "compiled the counting form of the pattern in {:.1} ms",
            compiled_now.as_secs_f64() * 1e3
        ));
    }
    if let Some(fallback) = &form.jit_fallback {
        notes.push(fallback.note());
    }
    let mut timing = Timing {
        compile: compiled_now,
        matching: Duration::ZERO,
        jit: form.jit,
    };
    if deadline.is_some_and(|d| Instant::now() >= d) {
        let mut run = Run::gave_up_before_matching(mode, Limit::Timeout, start.elapsed(), timing);
        run.jit_fallback = form.jit_fallback.clone();
        run.notes = notes;
        return Ok(run);
    }

    let group_count = form.group_count;
    let names = &form.names;
    let match_data = MatchData::new(&form.code).map_err(match_err)?;
    let context = MatchContext::new().map_err(match_err)?;
    // SAFETY: `context` is a valid match context.
    unsafe {
        pcre2_set_match_limit_8(context.0, clamp_u32(limits.match_limit, u32::MAX));
        pcre2_set_depth_limit_8(context.0, clamp_u32(limits.depth_limit, u32::MAX));
        pcre2_set_heap_limit_8(
            context.0,
            clamp_u32(limits.heap_limit_kib, DEFAULT_HEAP_LIMIT_KIB),
        );
    }
    // The context keeps a pointer to the JIT stack; the stack is freed right after the
    // match, and the context is not used again.
    let jit_stack = JitStack::for_context(form.jit, &context).map_err(match_err)?;

    let keep = mode.keep();
    let mut state = CalloutState {
        counting,
        keep,
        max: mode.max(),
        reached_max: false,
        group_count,
        matches: 0,
        first: None,
        kept: Vec::new(),
        steps: 0,
        deadline,
        progress: limits.progress.clone(),
        cancel: limits.cancel.clone(),
        timed_out: false,
        cancelled: false,
        panicked: false,
    };
    // A pattern without callouts keeps a deadline through a calibrated match limit; the
    // callout function is installed only where the pattern can call it.
    let calibrate = deadline.filter(|_| !form.has_callouts && !counting);
    let with_callout = form.has_callouts
        && (counting || deadline.is_some() || limits.progress.is_some() || limits.cancel.is_some());
    if with_callout {
        let data: *mut CalloutState = &mut state;
        // SAFETY: `state` outlives the match, and nothing else touches it meanwhile.
        unsafe { pcre2_set_callout_8(context.0, Some(callout), data as *mut c_void) };
    }

    let user_limit = clamp_u32(limits.match_limit, u32::MAX);
    let match_once = |limit: u32| {
        let match_start = Instant::now();
        let rc = match_limited(form, subject, &match_data, &context, limit);
        (rc, match_start.elapsed())
    };
    // The captures of a match made in a child process (the detached timeout), which the
    // parent's match data never saw.
    let mut child_ovector: Option<Vec<usize>> = None;
    let (rc, fuel_ran_out) = match calibrate {
        None => {
            let (rc, took) = match_once(user_limit);
            timing.matching = took;
            (rc, false)
        }
        // Not in a race (a cancel flag): the other contenders' writes while the child lives
        // would each copy a page first, which cost rectangles' race 10-15 % of its wall time.
        Some(deadline) if detach::available() && limits.cancel.is_none() => {
            let in_child = || {
                let rc = match_limited(form, subject, &match_data, &context, user_limit);
                answer_bytes(rc, match_data.ovector())
            };
            let run = detached(&match_once, in_child, user_limit, deadline, form.jit);
            timing.matching = run.took;
            notes.extend(run.notes);
            child_ovector = run.ovector;
            (run.rc, run.ran_out)
        }
        Some(deadline) => {
            let left = deadline.saturating_duration_since(Instant::now());
            let first = first_limit(left, form.jit, user_limit);
            let (rc, ran_out, took, note) = calibrated(match_once, first, user_limit, deadline);
            timing.matching = took;
            notes.extend(note);
            (rc, ran_out)
        }
    };
    drop(jit_stack);
    if let Some(progress) = &state.progress {
        progress.store(state.steps, Ordering::Relaxed);
    }
    let steps = with_callout.then_some(state.steps);

    if state.panicked {
        return Err(match_err("the callout function panicked".into()));
    }
    let stopped_at_max = rc == PCRE2_ERROR_CALLOUT && state.reached_max;
    let gave_up = if (rc == PCRE2_ERROR_CALLOUT && state.timed_out) || fuel_ran_out {
        Some(Limit::Timeout)
    } else if rc == PCRE2_ERROR_CALLOUT && state.cancelled {
        Some(Limit::Cancelled)
    } else {
        limit_of(rc)
    };
    let elapsed = start.elapsed();

    let read_match = |md: &MatchData| {
        let ov = child_ovector.as_deref().unwrap_or_else(|| md.ovector());
        let groups = (0..=group_count)
            .map(|n| {
                if 2 * n + 1 < ov.len() {
                    slice_text(subject.as_bytes(), ov[2 * n], ov[2 * n + 1])
                } else {
                    None
                }
            })
            .collect();
        Captures::new(groups).with_names(names.clone())
    };

    if rc < 0 && rc != PCRE2_ERROR_NOMATCH && gave_up.is_none() && !stopped_at_max {
        return Err(match_err(format!("error {rc}: {}", error_message(rc))));
    }

    let jit_fallback = form.jit_fallback.clone();
    if !counting {
        let outcome = if rc >= 0 {
            Outcome::Solved(read_match(&match_data))
        } else if let Some(limit) = gave_up {
            Outcome::GaveUp { limit, elapsed }
        } else {
            Outcome::NoSolution
        };
        return Ok(Run {
            outcome,
            count: None,
            timing,
            steps,
            jit_fallback,
            notes,
        });
    }

    if rc >= 0 {
        // Something such as (*ACCEPT) ended the match before the counting callout.
        notes.push(
            "the pattern matched without reaching the counting callout (e.g. (*ACCEPT)); \
             the count stops at that match"
                .into(),
        );
        let caps = read_match(&match_data);
        state.matches += 1;
        if state.kept.len() < keep {
            state.kept.push(caps.clone());
        }
        state.first.get_or_insert(caps);
        state.reached_max = state.max.is_some_and(|max| state.matches >= max);
    }
    let with_names = |c: Captures| c.with_names(names.clone());
    let outcome = match (state.first.take(), gave_up) {
        (Some(first), _) => Outcome::Solved(with_names(first)),
        (None, Some(limit)) => Outcome::GaveUp { limit, elapsed },
        (None, None) => Outcome::NoSolution,
    };
    let count = Count {
        matches: state.matches,
        kept: state.kept.drain(..).map(with_names).collect(),
        gave_up,
        reached_max: state.reached_max,
    };
    Ok(Run {
        outcome,
        count: Some(count),
        timing,
        steps,
        jit_fallback,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_pattern_keeps_start_options_first() {
        let plain = |p| counting_pattern(p, false).0;
        assert_eq!(plain(r"\Aa\z"), r"(?:\Aa\z)(?C255)");
        assert_eq!(
            counting_pattern(r"(*LIMIT_MATCH=10)(*NO_JIT)\Aa|b\z", false),
            (
                r"(*LIMIT_MATCH=10)(*NO_JIT)(?:\Aa|b\z)(?C255)".to_string(),
                26
            )
        );
        assert_eq!(plain(r"(*FAIL)|a"), r"(?:(*FAIL)|a)(?C255)");
        assert_eq!(counting_pattern("a # b", true).0, "(?:a # b\n)(?C255)");
    }

    #[test]
    fn callout_block_layout_matches_pcre2_h() {
        // 4 u32 fields, then 11 pointer-sized fields, then one u32 (padded).
        let ptr = std::mem::size_of::<usize>();
        assert_eq!(
            std::mem::size_of::<CalloutBlock>(),
            16 + 11 * ptr + ptr.max(4)
        );
        assert_eq!(std::mem::offset_of!(CalloutBlock, offset_vector), 16);
        assert_eq!(
            std::mem::offset_of!(CalloutBlock, callout_flags),
            16 + 11 * ptr
        );
    }
}
