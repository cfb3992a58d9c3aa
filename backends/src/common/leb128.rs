//! LLVM's `encodeULEB128`: the byte form the matcher and decoder tables keep numbers in.

/// `value` as ULEB128 bytes, appended to `out`: seven bits a byte, lowest first, the high bit
/// set on every byte but the last.
pub fn encode_uleb128(mut value: u64, out: &mut Vec<u8>) {
    while value >= 0x80 {
        out.push((value & 0x7f) as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

#[cfg(test)]
mod tests {
    use super::encode_uleb128;

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
