//! Checking functions shared by the fuzz targets and plain `cargo test`.
