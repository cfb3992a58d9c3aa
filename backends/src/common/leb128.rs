//! LLVM's `encodeULEB128` and `encodeSLEB128`: the byte forms the matcher and decoder tables
//! keep numbers in.

/// `value` as ULEB128 bytes, appended to `out`: seven bits a byte, lowest first, the high bit
/// set on every byte but the last.
pub fn encode_uleb128(mut value: u64, out: &mut Vec<u8>) {
    while value >= 0x80 {
        out.push((value & 0x7f) as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// `value` as SLEB128 bytes, appended to `out`: seven bits a byte, lowest first, until the
/// rest is the sign of the last byte's bit 6; the high bit set on every byte but the last.
pub fn encode_sleb128(mut value: i64, out: &mut Vec<u8>) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        let done = (value == 0 && byte & 0x40 == 0) || (value == -1 && byte & 0x40 != 0);
        if done {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

#[cfg(test)]
mod tests {
    use super::{encode_sleb128, encode_uleb128};

    #[test]
    fn signed_sign_in_the_last_byte() {
        let encode = |v| {
            let mut out = Vec::new();
            encode_sleb128(v, &mut out);
            out
        };
        assert_eq!(encode(0), [0]);
        assert_eq!(encode(63), [63]);
        assert_eq!(encode(64), [0xc0, 0]);
        assert_eq!(encode(-1), [0x7f]);
        assert_eq!(encode(-65), [0xbf, 0x7f]);
    }

    #[test]
    fn seven_bits_a_byte_lowest_first() {
        let encode = |v| {
            let mut out = Vec::new();
            encode_uleb128(v, &mut out);
            out
        };
        assert_eq!(encode(0), [0]);
        assert_eq!(encode(127), [127]);
        assert_eq!(encode(128), [0x80, 1]);
        assert_eq!(encode(624485), [0xe5, 0x8e, 0x26]);
    }
}
