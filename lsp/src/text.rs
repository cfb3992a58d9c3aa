//! Positions: LSP's line and character (UTF-16 code units, or bytes when the client agreed to
//! UTF-8) to byte offsets in a document and back. A position past the end of a line or of the
//! file is clamped to it, as the protocol asks.

use lsp_types::{Position, Range};

/// How the client counts characters in a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16,
}

impl Encoding {
    pub fn from_name(name: &str) -> Encoding {
        if name == "utf-8" {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        }
    }
}

/// Where each line of a text starts.
pub struct LineIndex<'a> {
    text: &'a [u8],
    starts: Vec<u32>,
    encoding: Encoding,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a [u8], encoding: Encoding) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(text.iter().enumerate().filter(|(_, &b)| b == b'\n').map(|(i, _)| i as u32 + 1));
        LineIndex { text, starts, encoding }
    }

    /// The byte offset of `pos`, clamped to the end of its line and of the text.
    pub fn offset(&self, pos: Position) -> u32 {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return self.text.len() as u32;
        };
        let end = self.line_end(pos.line as usize);
        let line = &self.text[start as usize..end];
        let mut units = 0u32;
        let mut i = 0;
        while i < line.len() && units < pos.character {
            let len = utf8_len(line[i]).min(line.len() - i);
            units += match self.encoding {
                Encoding::Utf8 => len as u32,
                Encoding::Utf16 if len == 4 => 2,
                Encoding::Utf16 => 1,
            };
            i += len;
        }
        start + i as u32
    }

    /// The position of byte `offset` (clamped to the text).
    pub fn position(&self, offset: u32) -> Position {
        let offset = offset.min(self.text.len() as u32);
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line] as usize;
        let prefix = &self.text[start..offset as usize];
        let character = match self.encoding {
            Encoding::Utf8 => prefix.len() as u32,
            Encoding::Utf16 => String::from_utf8_lossy(prefix).encode_utf16().count() as u32,
        };
        Position { line: line as u32, character }
    }

    pub fn range(&self, start: u32, end: u32) -> Range {
        Range { start: self.position(start), end: self.position(end.max(start)) }
    }

    /// The 0-based line of byte `offset`.
    pub fn line_of(&self, offset: u32) -> u32 {
        (self.starts.partition_point(|&s| s <= offset) - 1) as u32
    }

    /// The byte offsets `[start, end)` of line `line` (without its `\n`).
    pub fn line_span(&self, line: u32) -> Option<(u32, u32)> {
        let start = *self.starts.get(line as usize)?;
        Some((start, self.line_end(line as usize) as u32))
    }

    fn line_end(&self, line: usize) -> usize {
        match self.starts.get(line + 1) {
            Some(&next) => next as usize - 1,
            None => self.text.len(),
        }
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xf0..=0xff => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_and_clamping() {
        let text = "ab\né𝄞x\nlast".as_bytes();
        let ix = LineIndex::new(text, Encoding::Utf16);
        // é is one unit, 𝄞 two.
        assert_eq!(ix.offset(Position { line: 1, character: 3 }), 3 + 2 + 4);
        assert_eq!(ix.position(3 + 2 + 4), Position { line: 1, character: 3 });
        assert_eq!(ix.offset(Position { line: 0, character: 99 }), 2);
        assert_eq!(ix.offset(Position { line: 99, character: 0 }), text.len() as u32);
        let ix8 = LineIndex::new(text, Encoding::Utf8);
        assert_eq!(ix8.offset(Position { line: 1, character: 2 }), 5);
        assert_eq!(ix8.position(text.len() as u32), Position { line: 2, character: 4 });
    }
}
