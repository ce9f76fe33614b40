//! Writing several files into a directory all or nothing: each file goes to a temporary name
//! first; then the old files are moved aside, the new ones moved in, and the old ones removed.
//! A failure at any step puts every old file back and removes every new one, so the directory
//! is as it was. Other files in the directory are never touched.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// Writes `files` (name, contents) into `dir`, creating it if needed: every file or none.
pub fn write_all(dir: &Path, files: &[(&str, String)]) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        bail!("cannot write into {}: it is not a directory", dir.display());
    }
    let created = !dir.exists();
    fs::create_dir_all(dir)
        .with_context(|| format!("cannot create directory {}", dir.display()))?;
    let tag = std::process::id();
    let temp = |name: &str| dir.join(format!(".{name}.{tag}.new"));
    let backup = |name: &str| dir.join(format!(".{name}.{tag}.old"));
    let mut written: Vec<PathBuf> = Vec::new();
    let mut moved_aside: Vec<&str> = Vec::new();
    let mut moved_in: Vec<&str> = Vec::new();
    let result = (|| -> Result<()> {
        for (name, text) in files {
            let t = temp(name);
            written.push(t.clone());
            fs::write(&t, text).with_context(|| format!("cannot write {}", t.display()))?;
        }
        for (name, _) in files {
            let target = dir.join(name);
            if target.exists() {
                fs::rename(&target, backup(name))
                    .with_context(|| format!("cannot replace {}", target.display()))?;
                moved_aside.push(name);
            }
        }
        for (name, _) in files {
            let target = dir.join(name);
            fs::rename(temp(name), &target)
                .with_context(|| format!("cannot write {}", target.display()))?;
            moved_in.push(name);
        }
        Ok(())
    })();
    match &result {
        Ok(()) => {
            for name in moved_aside {
                let _ = fs::remove_file(backup(name));
            }
        }
        Err(_) => {
            for name in moved_in {
                let _ = fs::remove_file(dir.join(name));
            }
            for name in moved_aside {
                let _ = fs::rename(backup(name), dir.join(name));
            }
            for t in written {
                let _ = fs::remove_file(t);
            }
            if created {
                let _ = fs::remove_dir(dir);
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path that does not exist yet, inside a scratch directory removed when the test ends.
    fn scratch() -> (tempfile::TempDir, PathBuf) {
        let tmp = tempfile::Builder::new()
            .prefix("backref-write-")
            .tempdir()
            .unwrap();
        let d = tmp.path().join("out");
        (tmp, d)
    }

    #[test]
    fn writes_every_file_and_replaces_old_ones() {
        let (_tmp, d) = scratch();
        fs::create_dir_all(&d).unwrap();
        fs::write(d.join("a.txt"), "old").unwrap();
        fs::write(d.join("keep.txt"), "mine").unwrap();
        write_all(&d, &[("a.txt", "new a".into()), ("b.txt", "new b".into())]).unwrap();
        assert_eq!(fs::read_to_string(d.join("a.txt")).unwrap(), "new a");
        assert_eq!(fs::read_to_string(d.join("b.txt")).unwrap(), "new b");
        assert_eq!(fs::read_to_string(d.join("keep.txt")).unwrap(), "mine");
        assert_eq!(
            fs::read_dir(&d).unwrap().count(),
            3,
            "no temporary file left"
        );
    }

    #[test]
    fn a_failure_on_a_later_file_leaves_the_earlier_ones_as_they_were() {
        let (_tmp, d) = scratch();
        fs::create_dir_all(&d).unwrap();
        fs::write(d.join("a.txt"), "old").unwrap();
        // The second file cannot be written (its folder does not exist).
        let e = write_all(
            &d,
            &[("a.txt", "new a".into()), ("no/b.txt", "new b".into())],
        );
        assert!(e.is_err());
        assert_eq!(fs::read_to_string(d.join("a.txt")).unwrap(), "old");
        assert_eq!(
            fs::read_dir(&d).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    #[test]
    fn a_file_in_place_of_the_directory_is_an_error() {
        let (_tmp, d) = scratch();
        fs::write(&d, "x").unwrap();
        let e = write_all(&d, &[("a.txt", "a".into())]).unwrap_err();
        assert!(e.to_string().contains("is not a directory"), "{e}");
    }
}
