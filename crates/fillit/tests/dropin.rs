//! The drop-in mode: usage line, error handling and exit statuses.

use std::ffi::OsString;
use std::io::Write;

use backref_fillit::{drop_in, EXIT_ERROR, EXIT_OK, EXIT_USAGE, USAGE};
use tempfile::NamedTempFile;

/// A temporary input file holding `contents`, removed when the test ends.
fn temp_file(contents: &[u8]) -> NamedTempFile {
    let mut file = tempfile::Builder::new()
        .prefix("backref-fillit-")
        .tempfile()
        .unwrap();
    file.write_all(contents).unwrap();
    file
}

#[test]
fn wrong_argument_count_prints_usage() {
    assert_eq!(USAGE, "usage: fillit source_file\n");
    assert_eq!(drop_in(&[]), (USAGE.to_string(), EXIT_USAGE));
    let two = [OsString::from("a"), OsString::from("b")];
    assert_eq!(drop_in(&two), (USAGE.to_string(), EXIT_USAGE));
    assert_eq!(EXIT_USAGE, 0);
}

#[test]
fn unreadable_files_print_error() {
    let missing = [OsString::from("/nonexistent/backref/fillit/input")];
    assert_eq!(drop_in(&missing), ("error\n".to_string(), EXIT_ERROR));
    let dir = [std::env::temp_dir().into_os_string()];
    assert_eq!(drop_in(&dir), ("error\n".to_string(), EXIT_ERROR));
    assert_eq!(EXIT_ERROR, 1);
}

#[test]
fn invalid_content_prints_error() {
    let file = temp_file(b"....\n###.\n.#..\n....\n\n");
    assert_eq!(
        drop_in(&[file.path().into()]),
        ("error\n".to_string(), EXIT_ERROR)
    );
}

#[test]
fn valid_content_prints_the_square() {
    let file = temp_file(b"....\n.##.\n.##.\n....\n\n#...\n#...\n#...\n#...\n");
    assert_eq!(
        drop_in(&[file.path().into()]),
        ("AAB.\nAAB.\n..B.\n..B.\n".to_string(), EXIT_OK)
    );
}
