//! Files as the harness reads and writes them: only regular files, read
//! within a limit (a named pipe, a socket or a device is refused without
//! being opened, a file over the limit before it is read), and written
//! whole or not at all (into a temporary file beside it, then renamed).

use super::paths::io_words;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// What a thing that is not a regular file is, in words: `a folder`, `a
/// named pipe (FIFO)`, `a socket`, `a device`.
pub fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else if meta.is_file() {
        "a regular file"
    } else {
        "not a regular file"
    }
}

/// Read at most `limit` bytes of a regular file: anything else is refused
/// without being opened, and so is a file whose size is over the limit,
/// before it is read (and while it is read, should it grow). The error is
/// in words, for the caller to place.
pub fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    let cannot = |e: &std::io::Error| format!("cannot read: {}", io_words(e));
    let meta = std::fs::metadata(path).map_err(|e| cannot(&e))?;
    if !meta.is_file() {
        return Err(format!("{}, not a regular file: not read", kind_of(&meta)));
    }
    let too_large = |len: u64| format!("file is {len} bytes, more than the {limit} allowed");
    if meta.len() > limit {
        return Err(too_large(meta.len()));
    }
    let f = std::fs::File::open(path).map_err(|e| cannot(&e))?;
    let mut bytes = Vec::new();
    f.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot(&e))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Why a file could not be written, in words naming it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError {
    /// The file.
    pub file: PathBuf,
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot write {}: {}",
            super::paths::shown(&self.file),
            self.message
        )
    }
}

impl std::error::Error for WriteError {}

/// Refuse to write over anything but a regular file (or nothing).
pub fn check_writable(path: &Path) -> Result<(), WriteError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => match std::fs::metadata(path) {
            Ok(target) if !target.is_file() => Err(WriteError {
                file: path.to_path_buf(),
                message: format!(
                    "it leads to {}, not a regular file: not written",
                    kind_of(&target)
                ),
            }),
            _ => Ok(()),
        },
        Ok(meta) if !meta.is_file() => Err(WriteError {
            file: path.to_path_buf(),
            message: format!("it is {}, not a regular file: not written", kind_of(&meta)),
        }),
        _ => Ok(()),
    }
}

/// Write `bytes` to `path` whole or not at all: into a temporary file in
/// the same folder, flushed to disk, then renamed over `path` (a symbolic
/// link is replaced by the file, never written through). A target that is
/// not a regular file is refused.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    check_writable(path)?;
    let fail = |e: &std::io::Error| WriteError {
        file: path.to_path_buf(),
        message: io_words(e),
    };
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let tmp = folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(&e));
    }
    Ok(())
}

/// Append `bytes` to the regular file `path` (created when missing), in
/// one write. Anything else (a pipe, a device) is refused without being
/// opened.
pub fn append(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    check_writable(path)?;
    let fail = |e: &std::io::Error| WriteError {
        file: path.to_path_buf(),
        message: io_words(e),
    };
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| fail(&e))?;
    f.write_all(bytes).map_err(|e| fail(&e))?;
    f.flush().map_err(|e| fail(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("hexodic-io-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_file_is_written_whole_and_nothing_is_left_beside_it() {
        let d = temp("whole");
        let f = d.join("r.json");
        write_whole(&f, b"one").unwrap();
        write_whole(&f, b"two").unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"two");
        let left: Vec<_> = std::fs::read_dir(&d).unwrap().flatten().collect();
        assert_eq!(left.len(), 1);
        assert!(write_whole(&d, b"x")
            .unwrap_err()
            .message
            .contains("a folder"));
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn only_regular_files_are_read_and_within_the_limit() {
        let d = temp("read");
        assert!(read_regular(&d, 10).unwrap_err().contains("a folder"));
        let f = d.join("x");
        std::fs::write(&f, b"0123456789ab").unwrap();
        assert!(read_regular(&f, 10)
            .unwrap_err()
            .contains("more than the 10"));
        assert_eq!(read_regular(&f, 12).unwrap().len(), 12);
        std::fs::remove_dir_all(&d).unwrap();
    }
}
