//! Every registered puzzle's reader, given its own fixtures damaged at random (cut short,
//! bytes overwritten, text inserted, lines repeated or dropped, CRLF endings, huge numbers,
//! signs, random bytes): it reads the file or refuses it with a message that names the file,
//! and never panics. A location it cannot pin down is left out, never printed as line or
//! column 0.

use std::path::{Path, PathBuf};

use backref_rng::Rng;

/// Damaged copies made of each fixture.
const MUTANTS_PER_FIXTURE: usize = 12;

/// Fixtures read per puzzle (the first ones by name): enough to meet every input form.
const FIXTURES_PER_PUZZLE: usize = 40;

/// Characters that mean something in one input format or another.
const NOISE: &[u8] = b"0123456789.#-+\n ;,|:_abcXYZ~*/\\=[]{}()\t\r\x00\xff";

fn fixtures(puzzle: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(puzzle);
    let mut found = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_none_or(|e| e != "expected")
                && path.metadata().is_ok_and(|m| m.len() < 50_000)
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found.truncate(FIXTURES_PER_PUZZLE);
    found
}

/// `text` damaged in one of the ways a hand-edited or truncated file is.
fn mutate(text: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = text.to_vec();
    let lines =
        |b: &[u8]| -> Vec<Vec<u8>> { b.split(|&c| c == b'\n').map(<[u8]>::to_vec).collect() };
    match rng.below(9) {
        0 => b.truncate(rng.below(b.len() + 1)),
        1 => {
            for _ in 0..1 + rng.below(4) {
                if !b.is_empty() {
                    let i = rng.below(b.len());
                    b[i] = NOISE[rng.below(NOISE.len())];
                }
            }
        }
        2 => {
            let at = rng.below(b.len() + 1);
            let noise: Vec<u8> = (0..1 + rng.below(6))
                .map(|_| NOISE[rng.below(NOISE.len())])
                .collect();
            b.splice(at..at, noise);
        }
        3 => {
            let mut ls = lines(&b);
            let i = rng.below(ls.len());
            ls.insert(i, ls[i].clone());
            b = ls.join(&b'\n');
        }
        4 => {
            let mut ls = lines(&b);
            if ls.len() > 1 {
                ls.remove(rng.below(ls.len()));
            }
            b = ls.join(&b'\n');
        }
        5 => b = (0..rng.below(60)).map(|_| rng.below(256) as u8).collect(),
        6 => b = lines(&b).join(&b"\r\n"[..]),
        7 => {
            let at = rng.below(b.len() + 1);
            b.splice(at..at, b"99999999999999999999".iter().copied());
        }
        _ => {
            if let Some(i) = b.iter().position(u8::is_ascii_digit) {
                b.insert(i, b'-');
            }
        }
    }
    b
}

#[test]
fn damaged_fixtures_are_read_or_refused_by_name_never_a_panic() {
    let scratch = tempfile::Builder::new()
        .prefix("backref-mutations-")
        .tempdir()
        .unwrap();
    let mut rng = Rng::new(29);
    let mut refused = 0;
    let mut read = 0;
    for puzzle in backref_puzzles::names() {
        let files = fixtures(puzzle);
        if puzzle != "queens" {
            assert!(!files.is_empty(), "no fixtures for {puzzle}");
        }
        for file in files {
            let text = std::fs::read(&file).unwrap();
            for k in 0..MUTANTS_PER_FIXTURE {
                let damaged = mutate(&text, &mut rng);
                let path = scratch.path().join(format!("{puzzle}-{k}.txt"));
                std::fs::write(&path, &damaged).unwrap();
                let arg = path.to_str().unwrap();
                let loaded =
                    std::panic::catch_unwind(|| backref_puzzles::load(puzzle, arg).map(|_| ()));
                let what = || {
                    format!(
                        "{puzzle}, {} damaged as {:?}",
                        file.display(),
                        String::from_utf8_lossy(&damaged)
                    )
                };
                match loaded {
                    Err(_) => panic!("the reader panicked on {}", what()),
                    Ok(Ok(())) => read += 1,
                    Ok(Err(e)) => {
                        refused += 1;
                        let message = e.to_string();
                        assert!(
                            message.contains(arg),
                            "{message:?} names no file: {}",
                            what()
                        );
                        let place = &message[message.find(arg).unwrap() + arg.len()..];
                        assert!(
                            !place.starts_with(":0") && !place.contains(":0:"),
                            "{message:?} prints a location of 0: {}",
                            what()
                        );
                    }
                }
            }
        }
    }
    // Both sides were reached: damage that leaves a valid instance, and damage that does not.
    assert!(read > 50 && refused > 500, "read {read}, refused {refused}");
}
