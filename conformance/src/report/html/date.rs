//! The date a page was written, in UTC, for its header.

use std::time::{SystemTime, UNIX_EPOCH};

/// `t` as `2026-12-02 04:40 UTC` (a time before 1970 reads as 1970-01-01).
///
/// ```
/// use hexodic_conformance::report::html::utc_date;
/// use std::time::{Duration, UNIX_EPOCH};
/// assert_eq!(utc_date(UNIX_EPOCH + Duration::from_secs(951_782_400)), "2000-02-29 00:00 UTC");
/// ```
pub fn utc_date(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    let (h, m) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    let (y, mo, d) = civil(days);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{m:02} UTC")
}

/// Days since 1970-01-01 as year, month, day (the proleptic Gregorian
/// calendar; Howard Hinnant's `civil_from_days`).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn known_dates() {
        let at = |s| utc_date(UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01 00:00 UTC");
        assert_eq!(at(1_798_777_200), "2027-01-01 04:20 UTC");
        assert_eq!(at(4_107_542_400), "2100-03-01 00:00 UTC");
        assert_eq!(at(1_733_113_740), "2024-12-02 04:29 UTC");
    }
}
