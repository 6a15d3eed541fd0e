//! Mutation scripts read from the bytes: the edits of
//! [`hexodic_conformance::fuzz::script`], laid out as `arbitrary`'s derive
//! would (a `u32` picking the kind, then the fields in order), so that the
//! committed corpora keep their meaning.

use arbitrary::{Result, Unstructured};
use hexodic_conformance::fuzz::script::Edit;

/// How many kinds of [`Edit`] there are.
const KINDS: u64 = 15;

/// One edit read from the bytes.
pub fn read_edit(u: &mut Unstructured) -> Result<Edit> {
    let kind = (u64::from(u.arbitrary::<u32>()?) * KINDS) >> 32;
    let edit = match kind {
        0 => Edit::Place {
            cell: u.arbitrary()?,
            x: u.arbitrary()?,
        },
        1 => Edit::Remove {
            cell: u.arbitrary()?,
        },
        2 => Edit::Raise {
            cell: u.arbitrary()?,
            x: u.arbitrary()?,
        },
        3 => Edit::Lower {
            cell: u.arbitrary()?,
            x: u.arbitrary()?,
        },
        4 => Edit::Lock {
            cell: u.arbitrary()?,
            x: u.arbitrary()?,
        },
        5 => Edit::Charges {
            x: u.arbitrary()?,
            n: u.arbitrary()?,
        },
        6 => Edit::Captures {
            x: u.arbitrary()?,
            n: u.arbitrary()?,
        },
        7 => Edit::LowersLeft {
            x: u.arbitrary()?,
            n: u.arbitrary()?,
        },
        8 => Edit::NearCap { n: u.arbitrary()? },
        9 => Edit::Cooldown {
            cell: u.arbitrary()?,
            x: u.arbitrary()?,
        },
        10 => Edit::ForceSkip { x: u.arbitrary()? },
        11 => Edit::EmptyReserve {
            x: u.arbitrary()?,
            seed: u.arbitrary()?,
        },
        12 => Edit::Surround {
            cell: u.arbitrary()?,
            x: u.arbitrary()?,
        },
        13 => Edit::Plateau {
            cell: u.arbitrary()?,
            x: u.arbitrary()?,
        },
        _ => Edit::ToMove { x: u.arbitrary()? },
    };
    Ok(edit)
}

/// Read a mutation script of up to `max` edits.
pub(crate) fn script(u: &mut Unstructured, max: usize) -> Vec<Edit> {
    let n = u.int_in_range(0..=max).unwrap_or(0);
    (0..n).map_while(|_| read_edit(u).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_four_bytes_pick_the_kind_evenly() {
        // 0x0000_0000 is the first kind, 0xffff_ffff the last.
        let mut u = Unstructured::new(&[0, 0, 0, 0, 7, 1]);
        assert_eq!(read_edit(&mut u).unwrap(), Edit::Place { cell: 7, x: true });
        let mut u = Unstructured::new(&[0xff, 0xff, 0xff, 0xff, 0]);
        assert_eq!(read_edit(&mut u).unwrap(), Edit::ToMove { x: false });
        // A kind's range starts at ceil(k * 2^32 / 15): little-endian bytes.
        let k8 = ((8u64 << 32).div_ceil(KINDS) as u32).to_le_bytes();
        let bytes = [k8[0], k8[1], k8[2], k8[3], 19];
        let mut u = Unstructured::new(&bytes);
        assert_eq!(read_edit(&mut u).unwrap(), Edit::NearCap { n: 19 });
    }
}
