//! The inspection pages in a real browser: headless Chromium, driven through chromedriver by
//! `tests/browser/drive.mjs` (Node's own `fetch`, no packages). For one instance of every
//! puzzle: open the page, click a group, click "solve in this browser", wait, read the drawn
//! board and the decoded values back from the DOM, and check them with the rule checker
//! (through `Instance::check_values`) and against the board the CLI renders for those values.
//! Screenshots are kept under `target/tmp/browser/`.
//!
//! Chromium, chromedriver or Node missing here is a reported skip; with `CI` set (`.ci/run`
//! installs them) it is a failure.

mod common;

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use backref_pipeline::Settings;
use backref_program::{dialect, Naming, Options};
use common::ONE_OF_EACH;
use serde_json::{json, Value};

/// Chromium's flags: headless, no network of its own, a fresh profile.
const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

fn on_ci() -> bool {
    std::env::var(backref_engine::CI_VAR)
        .is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"))
}

/// The path of `program` on `PATH`.
fn which(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(program))
            .find(|p| p.is_file())
    })
}

/// Chromium, chromedriver and node, or a reported skip (a failure on CI).
fn tools(test: &str) -> Option<(PathBuf, PathBuf, PathBuf)> {
    let chromium = which("chromium").or_else(|| which("chromium-browser"));
    let driver = which("chromedriver");
    let node = which("node");
    match (chromium, driver, node) {
        (Some(c), Some(d), Some(n)) => Some((c, d, n)),
        (c, d, n) => {
            let missing: Vec<&str> = [
                ("chromium", c.is_none()),
                ("chromedriver", d.is_none()),
                ("node", n.is_none()),
            ]
            .iter()
            .filter(|(_, m)| *m)
            .map(|(name, _)| *name)
            .collect();
            let line = format!(
                "SKIPPED: {test}: {} not installed (apt-get install chromium chromium-driver nodejs)",
                missing.join(", ")
            );
            if on_ci() {
                panic!("{line} (and $CI is set: .ci/run installs them, so this is a failure)");
            }
            eprintln!("{line}");
            None
        }
    }
}

/// A chromedriver on a free local port, ended when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start(path: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut child = Command::new(path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        // Wait until it listens; fail if it exits instead (no clock: however slow the machine).
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Some(status) = child.try_wait().expect("chromedriver's status") {
                panic!("chromedriver exited ({status}) before listening on port {port}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn options() -> Options {
    Options {
        naming: Naming::Readable,
        ..Options::new(&dialect::JAVASCRIPT)
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn input(i: &str) -> String {
    if i.contains('/') {
        root().join(i).to_string_lossy().into_owned()
    } else {
        i.to_string()
    }
}

#[test]
fn every_puzzle_solves_in_headless_chromium_and_draws_a_checked_board() {
    let Some((chromium, chromedriver, node)) =
        tools("every_puzzle_solves_in_headless_chromium_and_draws_a_checked_board")
    else {
        return;
    };
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let mut pages = Vec::new();
    for (puzzle, i) in ONE_OF_EACH {
        let page = common::backref(&["emit", puzzle, &input(i), "--format", "html"]);
        assert_eq!(
            page.status.code(),
            Some(0),
            "{puzzle}: {}",
            common::stderr(&page)
        );
        let path = out.join(format!("{puzzle}.html"));
        std::fs::write(&path, &page.stdout).unwrap();
        pages.push(json!({
            "path": path,
            "screenshot": out.join(format!("{puzzle}.png")),
        }));
    }
    // A time limit no worker can meet: the page gives up and says so.
    let limited = out.join("queens-limited.html");
    std::fs::copy(out.join("queens.html"), &limited).unwrap();
    pages.push(json!({"path": limited, "limitSeconds": 0.001}));
    // Every other fixture's page, only opened.
    let mut opened = Vec::new();
    for dir in ["aquarium", "colorgrid", "fillit", "rectangles", "sudoku"] {
        for f in common::fixtures(dir) {
            let name = f.file_stem().unwrap().to_string_lossy().into_owned();
            if name.starts_with("err_") {
                continue;
            }
            let page = common::backref(&["emit", dir, f.to_str().unwrap(), "--format", "html"]);
            assert_eq!(
                page.status.code(),
                Some(0),
                "{f:?}: {}",
                common::stderr(&page)
            );
            let path = out.join(format!("{dir}-{name}.html"));
            std::fs::write(&path, &page.stdout).unwrap();
            opened.push(path.clone());
            pages.push(json!({"path": path, "solve": false}));
        }
    }
    let driver = Driver::start(&chromedriver);
    let profile = out.join("profile");
    let mut args: Vec<String> = FLAGS.iter().map(|f| f.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let job = json!({
        "driver": format!("http://127.0.0.1:{}", driver.port),
        "chromium": chromium,
        "args": args,
        "timeoutMs": 30_000,
        "pages": pages,
    });
    let job_path = out.join("job.json");
    std::fs::write(&job_path, job.to_string()).unwrap();
    let run = Command::new(&node)
        .arg(root().join("tests/browser/drive.mjs"))
        .arg(&job_path)
        .output()
        .unwrap();
    drop(driver);
    assert!(
        run.status.success(),
        "the driver failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let results: Vec<Value> = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(results.len(), ONE_OF_EACH.len() + 1 + opened.len());
    let limited = &results[ONE_OF_EACH.len()];
    assert_eq!(limited["state"], "gave-up", "{limited}");
    assert!(
        limited["status"].as_str().unwrap().contains("gave up"),
        "{limited}"
    );
    assert_eq!(limited["errors"], json!([]));
    for (path, r) in opened.iter().zip(&results[ONE_OF_EACH.len() + 1..]) {
        assert_eq!(r["errors"], json!([]), "{path:?}: script errors");
        assert!(
            r["rowsShown"].as_u64().unwrap() > 0,
            "{path:?}: no statements"
        );
    }
    for ((puzzle, i), r) in ONE_OF_EACH.iter().zip(&results) {
        assert_eq!(r["errors"], json!([]), "{puzzle}: script errors");
        assert_eq!(r["state"], "solved", "{puzzle}: {}", r["status"]);
        eprintln!(
            "{puzzle}: solved in the browser, match {:.1} ms, {} ms from click to board",
            r["result"]["matchMs"].as_f64().unwrap_or(f64::NAN),
            r["wallMs"]
        );
        // The decoded values, checked by the IR checker and the puzzle's rule checker.
        let values: Vec<usize> = r["result"]["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as usize)
            .collect();
        let instance = backref_puzzles::load(puzzle, &input(i)).unwrap();
        let checked = instance
            .check_values(&Settings::default(), &options(), 0, &values)
            .unwrap();
        assert!(checked.ok(), "{puzzle}: {checked:?}");
        // The board read back from the DOM is the board of those values.
        let inspection = instance
            .inspect(&Settings::default(), &options(), 0)
            .unwrap();
        match &inspection.drawing {
            Ok(_) => {
                let rows: Vec<String> = serde_json::from_value(r["rows"].clone()).unwrap();
                assert_eq!(rows, checked.solution.grid, "{puzzle}: the drawn grid");
                assert!(r["solvedSvgElements"].as_u64().unwrap() > 0, "{puzzle}");
                backref_svg::well_formed(r["solvedSvg"].as_str().unwrap()).unwrap();
                backref_svg::well_formed(r["puzzleSvg"].as_str().unwrap()).unwrap();
            }
            Err(_) => {
                // No board: the page lists the values it decoded.
                let want: Vec<String> = inspection
                    .variables
                    .iter()
                    .zip(&values)
                    .filter(|(v, &x)| !v.domain[x].is_empty())
                    .map(|(v, &x)| format!("{} = {}", v.name, v.domain[x]))
                    .collect();
                assert_eq!(
                    r["drawnText"].as_str().unwrap(),
                    want.join("\n"),
                    "{puzzle}"
                );
            }
        }
        assert!(
            out.join(format!("{puzzle}.png")).is_file(),
            "{puzzle}: screenshot"
        );
    }
    // Clicking a group shows where it is captured and read, and what it means.
    let g = &results[0]["group"];
    assert_eq!(g["hidden"], false, "{g}");
    assert!(g["marked"].as_u64().unwrap() >= 2, "{g}");
    assert!(
        g["text"]
            .as_str()
            .unwrap()
            .contains("captured in statement"),
        "{g}"
    );
}
