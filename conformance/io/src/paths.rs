//! Paths as people read them: relative to the folder the command runs in,
//! without `.` or `..` detours; and I/O errors in words ([`io_words`]).

use std::path::{Component, Path, PathBuf};

/// `path` without `.` components and with each `name/..` pair removed
/// (lexically; symbolic links are not followed).
///
/// ```
/// use hexodic_io::paths::normalize;
/// use std::path::Path;
/// assert_eq!(normalize(Path::new("/a/conformance/../fixtures/./x.yaml")), Path::new("/a/fixtures/x.yaml"));
/// assert_eq!(normalize(Path::new("../x/../y")), Path::new("../y"));
/// ```
pub fn normalize(path: &Path) -> PathBuf {
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => match out.last() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(c),
            },
            c => out.push(c),
        }
    }
    if out.is_empty() {
        return PathBuf::from(".");
    }
    out.iter().collect()
}

/// `path` relative to `base` (both absolute and normalized), with `..`
/// steps up where it is not below `base`.
fn relative_to(path: &Path, base: &Path) -> PathBuf {
    let p: Vec<Component> = path.components().collect();
    let b: Vec<Component> = base.components().collect();
    let common = p.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for c in &p[common..] {
        out.push(c.as_os_str());
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// `path` as shown to the user: normalized, and relative to the current
/// folder (with `..` steps up when it lies elsewhere on the same root, at
/// most three of them: `/dev/full` seen from `/work/main` is
/// `../../dev/full`).
pub fn shown(path: &Path) -> String {
    let norm = normalize(path);
    if norm.is_absolute() {
        if let Ok(cwd) = std::env::current_dir() {
            let cwd = normalize(&cwd);
            let rel = relative_to(&norm, &cwd);
            // Far away (more steps up than down): the absolute path reads better.
            let ups = rel
                .components()
                .filter(|c| *c == Component::ParentDir)
                .count();
            if ups <= 3 {
                return rel.display().to_string();
            }
        }
    }
    norm.display().to_string()
}

/// An I/O error in words, without the operating system's error number.
pub fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or folder".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_lowercase(),
                None => s,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_below_the_current_folder_are_shown_relative() {
        let cwd = std::env::current_dir().unwrap();
        let p = cwd.join("a").join("..").join("fixtures").join("x.yaml");
        assert_eq!(
            shown(&p),
            Path::new("fixtures").join("x.yaml").display().to_string()
        );
        assert_eq!(
            shown(Path::new("./fixtures/../fixtures/y.yaml")),
            "fixtures/y.yaml"
        );
        assert_eq!(shown(&cwd), ".");
        let up = cwd.parent().unwrap().join("other").join("f.yaml");
        assert_eq!(shown(&up), "../other/f.yaml");
        assert_eq!(
            relative_to(Path::new("/a/b/c"), Path::new("/a/x")),
            Path::new("../b/c")
        );
    }
}
