//! Paths as people read them: relative to the folder the command runs in,
//! without `.` or `..` detours.

use std::path::{Component, Path, PathBuf};

/// `path` without `.` components and with each `name/..` pair removed
/// (lexically; symbolic links are not followed).
///
/// ```
/// use hexodic_conformance::paths::normalize;
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

/// `path` as shown to the user: normalized, and relative to the current
/// folder when it lies below it.
pub fn shown(path: &Path) -> String {
    let norm = normalize(path);
    if norm.is_absolute() {
        if let Ok(cwd) = std::env::current_dir() {
            if let Ok(rel) = norm.strip_prefix(normalize(&cwd)) {
                if rel.as_os_str().is_empty() {
                    return ".".into();
                }
                return rel.display().to_string();
            }
        }
    }
    norm.display().to_string()
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
    }
}
