//! The date a page was written, in UTC, for its header.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The last second an RFC 3339 date can name (9999-12-31 23:59:59 UTC).
const LAST_SECOND: u64 = 253_402_300_799;

/// `t` as `2026-12-02 04:40 UTC`: the date and the minute (a time before
/// 1970 reads as 1970-01-01, one after the year 9999 as its last minute).
///
/// ```
/// use hexodic_html::utc_date;
/// use std::time::{Duration, UNIX_EPOCH};
/// assert_eq!(utc_date(UNIX_EPOCH + Duration::from_secs(951_782_400)), "2000-02-29 00:00 UTC");
/// ```
pub fn utc_date(t: SystemTime) -> String {
    let secs = t
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
        .min(LAST_SECOND);
    let stamp =
        humantime::format_rfc3339_seconds(UNIX_EPOCH + Duration::from_secs(secs)).to_string();
    // `2026-12-02T04:40:00Z`: the date, then the hour and minute.
    let date = stamp.get(..10).unwrap_or("1970-01-01");
    let minute = stamp.get(11..16).unwrap_or("00:00");
    format!("{date} {minute} UTC")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        let at = |s| utc_date(UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01 00:00 UTC");
        assert_eq!(at(1_798_777_200), "2027-01-01 04:20 UTC");
        assert_eq!(at(4_107_542_400), "2100-03-01 00:00 UTC");
        assert_eq!(at(1_733_113_740), "2024-12-02 04:29 UTC");
    }

    #[test]
    fn times_out_of_range_read_as_the_nearest_date() {
        assert_eq!(
            utc_date(UNIX_EPOCH - Duration::from_secs(86_400)),
            "1970-01-01 00:00 UTC"
        );
        assert_eq!(
            utc_date(UNIX_EPOCH + Duration::from_secs(LAST_SECOND * 2)),
            "9999-12-31 23:59 UTC"
        );
    }
}
