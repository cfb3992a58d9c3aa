//! Bulk loading of SQLite b-trees: the big tables of a store are written straight into pages.
//!
//! SQLite creates the store (every table, index and view, empty, and the small tables filled)
//! and closes it; the rows of the big tables are then encoded as SQLite records and packed
//! into b-tree pages appended to the file, each page written once, in key order, and each
//! tree's top page goes where SQLite put that table's (empty) root page. Last, the header gets
//! the new page count. Inserting through SQL costs several times more: every row runs the
//! statement's program, and X86's ~500-column `records` rows bind, check and encode every
//! column of every row.
//!
//! The format is SQLite's file format 4 (<https://www.sqlite.org/fileformat2.html>): records
//! (a header of serial types, then the values), table b-trees (rowid tables, keyed by rowid,
//! rows in the leaves) and index b-trees (`WITHOUT ROWID` tables and indexes, keyed by the
//! record itself, each key once, in a leaf or as a divider in an interior page), and overflow
//! chains for payloads too big for a page. Several threads write trees at once: page numbers
//! come from one counter, and each page is written at its place in the file.

use rusqlite::Result;
use std::fs::{File, OpenOptions};
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// A store being filled: its file, and the next free page.
pub(crate) struct Pager {
    file: File,
    page_size: usize,
    /// Payloads up to this size are stored whole in a table leaf / index page.
    max_local_table: usize,
    max_local_index: usize,
    /// What a payload keeps on its page when it overflows, at least.
    min_local: usize,
    next: AtomicU64,
}

/// SQLite's largest page number.
const MAX_PAGE: u64 = 0xffff_fffe;

fn corrupt(what: &str) -> rusqlite::Error {
    rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT), Some(what.to_owned()))
}

fn io(e: std::io::Error) -> rusqlite::Error {
    rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_IOERR), Some(e.to_string()))
}

impl Pager {
    /// Opens a database SQLite has written and closed, to append pages to it.
    pub(crate) fn open(path: &Path) -> Result<Pager> {
        let file = OpenOptions::new().read(true).write(true).open(path).map_err(io)?;
        let mut h = [0u8; 100];
        file.read_exact_at(&mut h, 0).map_err(io)?;
        let be32 = |at: usize| u32::from_be_bytes([h[at], h[at + 1], h[at + 2], h[at + 3]]);
        if &h[..16] != b"SQLite format 3\0" || h[20] != 0 || be32(24) != be32(92) || be32(44) != 4 {
            return Err(corrupt("not a database tdq can append pages to"));
        }
        let page_size = match u16::from_be_bytes([h[16], h[17]]) {
            1 => 65536,
            n => usize::from(n),
        };
        let pages = u64::from(be32(28));
        let len = file.metadata().map_err(io)?.len();
        if page_size < 512 || len != pages * page_size as u64 {
            return Err(corrupt("database size does not match its header"));
        }
        let usable = page_size;
        Ok(Pager {
            file,
            page_size,
            max_local_table: usable - 35,
            max_local_index: (usable - 12) * 64 / 255 - 23,
            min_local: (usable - 12) * 32 / 255 - 23,
            next: AtomicU64::new(pages + 1),
        })
    }

    /// Takes `n` consecutive page numbers.
    fn alloc(&self, n: u64) -> Result<u32> {
        let first = self.next.fetch_add(n, Ordering::Relaxed);
        if first + n - 1 > MAX_PAGE {
            return Err(rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_FULL), None));
        }
        Ok(first as u32)
    }

    fn write(&self, no: u32, page: &[u8]) -> Result<()> {
        self.file.write_all_at(page, (u64::from(no) - 1) * self.page_size as u64).map_err(io)
    }

    fn append(&self, page: &[u8]) -> Result<u32> {
        let no = self.alloc(1)?;
        self.write(no, page)?;
        Ok(no)
    }

    /// Sets the page count in the header (and the change counter, which says that count is
    /// current). Every page handed out has been written.
    pub(crate) fn finish(self) -> Result<()> {
        let mut h = [0u8; 100];
        self.file.read_exact_at(&mut h, 0).map_err(io)?;
        let counter = u32::from_be_bytes([h[24], h[25], h[26], h[27]]).wrapping_add(1);
        let pages = (self.next.load(Ordering::Relaxed) - 1) as u32;
        h[24..28].copy_from_slice(&counter.to_be_bytes());
        h[28..32].copy_from_slice(&pages.to_be_bytes());
        h[92..96].copy_from_slice(&counter.to_be_bytes());
        self.file.write_all_at(&h, 0).map_err(io)
    }

    /// The bytes of a payload kept on the b-tree page.
    fn local_size(&self, len: usize, max_local: usize) -> usize {
        if len <= max_local {
            return len;
        }
        let k = self.min_local + (len - self.min_local) % (self.page_size - 4);
        if k <= max_local {
            k
        } else {
            self.min_local
        }
    }

    /// Appends `payload` to `cell` as a cell stores it: what fits on the page, then the first
    /// page of an overflow chain holding the rest, written now.
    fn put_payload(&self, cell: &mut Vec<u8>, payload: &[u8], max_local: usize, page: &mut Vec<u8>) -> Result<()> {
        let local = self.local_size(payload.len(), max_local);
        cell.extend_from_slice(&payload[..local]);
        if local == payload.len() {
            return Ok(());
        }
        let rest = &payload[local..];
        let per = self.page_size - 4;
        let n = rest.len().div_ceil(per) as u64;
        let first = self.alloc(n)?;
        for (i, chunk) in rest.chunks(per).enumerate() {
            let no = first + i as u32;
            let next = if (i as u64) + 1 < n { no + 1 } else { 0 };
            page.clear();
            page.extend_from_slice(&next.to_be_bytes());
            page.extend_from_slice(chunk);
            page.resize(self.page_size, 0);
            self.write(no, page)?;
        }
        cell.extend_from_slice(&first.to_be_bytes());
        Ok(())
    }
}

/// Appends SQLite's variable-length integer.
pub(crate) fn put_varint(out: &mut Vec<u8>, v: u64) {
    if v <= 0x7f {
        out.push(v as u8);
        return;
    }
    if v >> 56 != 0 {
        let mut buf = [0u8; 9];
        buf[8] = v as u8;
        let mut w = v >> 8;
        for b in buf[..8].iter_mut().rev() {
            *b = (w as u8 & 0x7f) | 0x80;
            w >>= 7;
        }
        out.extend_from_slice(&buf);
        return;
    }
    let mut buf = [0u8; 8];
    let mut n = 0;
    let mut w = v;
    while w != 0 {
        buf[7 - n] = (w as u8 & 0x7f) | 0x80;
        n += 1;
        w >>= 7;
    }
    buf[7] &= 0x7f;
    out.extend_from_slice(&buf[8 - n..]);
}

/// A record being built: a row or index key as SQLite stores it.
#[derive(Default)]
pub(crate) struct Record {
    types: Vec<u8>,
    body: Vec<u8>,
    /// `types.len()` after the last value that is not NULL.
    used: usize,
    out: Vec<u8>,
}

impl Record {
    pub(crate) fn clear(&mut self) {
        self.types.clear();
        self.body.clear();
        self.used = 0;
    }

    pub(crate) fn null(&mut self) -> &mut Self {
        self.types.push(0);
        self
    }

    /// An integer, in the fewest bytes, as SQLite encodes it (0 and 1 take none).
    pub(crate) fn int(&mut self, i: i64) -> &mut Self {
        let u = if i < 0 { !i as u64 } else { i as u64 };
        let (ty, len) = match u {
            _ if i == 0 => (8, 0),
            _ if i == 1 => (9, 0),
            0..=0x7f => (1, 1),
            0x80..=0x7fff => (2, 2),
            0x8000..=0x7f_ffff => (3, 3),
            0x80_0000..=0x7fff_ffff => (4, 4),
            0x8000_0000..=0x7fff_ffff_ffff => (5, 6),
            _ => (6, 8),
        };
        self.types.push(ty);
        let b = i.to_be_bytes();
        // Fixed-size copies, not a call to copy a few bytes.
        match len {
            0 => {}
            1 => self.body.push(b[7]),
            2 => self.body.extend_from_slice(&[b[6], b[7]]),
            3 => self.body.extend_from_slice(&[b[5], b[6], b[7]]),
            4 => self.body.extend_from_slice(&[b[4], b[5], b[6], b[7]]),
            6 => self.body.extend_from_slice(&[b[2], b[3], b[4], b[5], b[6], b[7]]),
            _ => self.body.extend_from_slice(&b),
        }
        self.used = self.types.len();
        self
    }

    pub(crate) fn real(&mut self, r: f64) -> &mut Self {
        self.types.push(7);
        self.body.extend_from_slice(&r.to_bits().to_be_bytes());
        self.used = self.types.len();
        self
    }

    pub(crate) fn text(&mut self, s: &str) -> &mut Self {
        self.bytes(13, s.as_bytes())
    }

    /// Text given as bytes, which must be UTF-8.
    pub(crate) fn text_bytes(&mut self, s: &[u8]) -> &mut Self {
        self.bytes(13, s)
    }

    pub(crate) fn blob(&mut self, b: &[u8]) -> &mut Self {
        self.bytes(12, b)
    }

    pub(crate) fn opt_text(&mut self, s: Option<&str>) -> &mut Self {
        match s {
            Some(s) => self.text(s),
            None => self.null(),
        }
    }

    pub(crate) fn opt_int(&mut self, i: Option<i64>) -> &mut Self {
        match i {
            Some(i) => self.int(i),
            None => self.null(),
        }
    }

    fn bytes(&mut self, base: u64, b: &[u8]) -> &mut Self {
        put_varint(&mut self.types, base + 2 * b.len() as u64);
        self.body.extend_from_slice(b);
        self.used = self.types.len();
        self
    }

    /// The record's bytes; with `trim`, without its trailing NULLs (SQLite reads the columns
    /// a record lacks as NULL, as it does for a column added by ALTER TABLE).
    pub(crate) fn finish(&mut self, trim: bool) -> &[u8] {
        let keep = if trim { self.used.max(1).min(self.types.len()) } else { self.types.len() };
        let types = &self.types[..keep];
        let n = types.len();
        // The header's size counts the varint giving it.
        let mut size = n + 1;
        while size - n < varint_len(size as u64) {
            size += 1;
        }
        self.out.clear();
        put_varint(&mut self.out, size as u64);
        self.out.extend_from_slice(types);
        self.out.extend_from_slice(&self.body);
        &self.out
    }
}

fn varint_len(v: u64) -> usize {
    if v >> 56 != 0 {
        return 9;
    }
    ((64 - v.leading_zeros() as usize).div_ceil(7)).max(1)
}

/// SQLite counts a cell as at least 4 bytes.
const MIN_CELL: usize = 4;

/// The cells of a page being filled.
#[derive(Default)]
struct Cells {
    bytes: Vec<u8>,
    ends: Vec<usize>,
    /// The page space they take, pointers included.
    space: usize,
}

impl Cells {
    fn space(len: usize) -> usize {
        len.max(MIN_CELL) + 2
    }

    /// Whether a cell of `len` bytes fits with these on a page with a `header`-byte header.
    fn fits(&self, len: usize, header: usize, usable: usize) -> bool {
        header + self.space + Self::space(len) <= usable
    }

    fn push(&mut self, cell: &[u8]) {
        self.bytes.extend_from_slice(cell);
        self.ends.push(self.bytes.len());
        self.space += Self::space(cell.len());
    }

    fn pop(&mut self) -> Option<Vec<u8>> {
        let end = self.ends.pop()?;
        let start = self.ends.last().copied().unwrap_or(0);
        let cell = self.bytes[start..end].to_vec();
        self.bytes.truncate(start);
        self.space -= Self::space(cell.len());
        Some(cell)
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
        self.space = 0;
    }

    /// Lays the cells out as a page of `kind` (with the right-most child of an interior page).
    fn page(&self, kind: u8, right: Option<u32>, page_size: usize, out: &mut Vec<u8>) {
        out.clear();
        out.resize(page_size, 0);
        out[0] = kind;
        out[3..5].copy_from_slice(&(self.ends.len() as u16).to_be_bytes());
        let header = match right {
            Some(r) => {
                out[8..12].copy_from_slice(&r.to_be_bytes());
                12
            }
            None => 8,
        };
        let mut top = page_size;
        let mut start = 0;
        for (i, &end) in self.ends.iter().enumerate() {
            let cell = &self.bytes[start..end];
            top -= cell.len().max(MIN_CELL);
            out[top..top + cell.len()].copy_from_slice(cell);
            out[header + 2 * i..header + 2 * i + 2].copy_from_slice(&(top as u16).to_be_bytes());
            start = end;
        }
        // 65536 (an empty 64 KiB page) is written as 0.
        out[5..7].copy_from_slice(&(top as u16).to_be_bytes());
    }
}

const TABLE_LEAF: u8 = 0x0d;
const TABLE_INTERIOR: u8 = 0x05;
const INDEX_LEAF: u8 = 0x0a;
const INDEX_INTERIOR: u8 = 0x02;

/// A rowid table's b-tree, filled in rowid order.
pub(crate) struct TableTree<'p> {
    pager: &'p Pager,
    root: u32,
    leaf: Cells,
    /// Written leaves, with the largest rowid in each.
    children: Vec<(u32, i64)>,
    last: Option<i64>,
    cell: Vec<u8>,
    page: Vec<u8>,
}

impl<'p> TableTree<'p> {
    /// The tree of the (empty) table whose root page is `root`.
    pub(crate) fn new(pager: &'p Pager, root: u32) -> Self {
        TableTree {
            pager,
            root,
            leaf: Cells::default(),
            children: Vec::new(),
            last: None,
            cell: Vec::new(),
            page: Vec::new(),
        }
    }

    /// Adds a row; rowids must increase.
    pub(crate) fn push(&mut self, rowid: i64, record: &[u8]) -> Result<()> {
        let last = self.last.unwrap_or(i64::MIN);
        if self.last.is_some() && rowid <= last {
            return Err(corrupt("rows out of rowid order"));
        }
        let p = self.pager;
        self.cell.clear();
        put_varint(&mut self.cell, record.len() as u64);
        put_varint(&mut self.cell, rowid as u64);
        p.put_payload(&mut self.cell, record, p.max_local_table, &mut self.page)?;
        if !self.leaf.fits(self.cell.len(), 8, p.page_size) {
            self.leaf.page(TABLE_LEAF, None, p.page_size, &mut self.page);
            self.children.push((p.append(&self.page)?, last));
            self.leaf.clear();
        }
        self.leaf.push(&self.cell);
        self.last = Some(rowid);
        Ok(())
    }

    /// Writes the rest of the tree, its top page at the root.
    pub(crate) fn finish(mut self) -> Result<()> {
        let p = self.pager;
        self.leaf.page(TABLE_LEAF, None, p.page_size, &mut self.page);
        if self.children.is_empty() {
            return p.write(self.root, &self.page);
        }
        self.children.push((p.append(&self.page)?, self.last.unwrap_or(0)));
        // Interior levels: each page points to consecutive children, keyed by the largest
        // rowid under each but the last (its right-most child).
        let most = (p.page_size - 12) / (4 + 9 + 2);
        let mut level = std::mem::take(&mut self.children);
        loop {
            let pages = level.len().div_ceil(most);
            let mut next = Vec::with_capacity(pages);
            let mut rest = &level[..];
            for i in 0..pages {
                let take = rest.len() / (pages - i);
                let (group, tail) = rest.split_at(take);
                rest = tail;
                let mut cells = Cells::default();
                for &(child, key) in &group[..group.len() - 1] {
                    self.cell.clear();
                    self.cell.extend_from_slice(&child.to_be_bytes());
                    put_varint(&mut self.cell, key as u64);
                    cells.push(&self.cell);
                }
                let (right, key) = group[group.len() - 1];
                cells.page(TABLE_INTERIOR, Some(right), p.page_size, &mut self.page);
                if pages == 1 {
                    return p.write(self.root, &self.page);
                }
                next.push((p.append(&self.page)?, key));
            }
            level = next;
        }
    }
}

/// An index b-tree (an index, or a `WITHOUT ROWID` table), filled in key order.
pub(crate) struct IndexTree<'p> {
    pager: &'p Pager,
    root: u32,
    leaf: Cells,
    /// A full leaf, written once a key follows the one that did not fit it (`divider`).
    held: Cells,
    divider: Option<Vec<u8>>,
    /// Written leaves, and the keys between them (cells without the child pointer).
    children: Vec<u32>,
    dividers: Vec<Vec<u8>>,
    cell: Vec<u8>,
    page: Vec<u8>,
}

impl<'p> IndexTree<'p> {
    pub(crate) fn new(pager: &'p Pager, root: u32) -> Self {
        IndexTree {
            pager,
            root,
            leaf: Cells::default(),
            held: Cells::default(),
            divider: None,
            children: Vec::new(),
            dividers: Vec::new(),
            cell: Vec::new(),
            page: Vec::new(),
        }
    }

    /// Adds a key; keys must increase (by SQLite's comparison of records).
    pub(crate) fn push(&mut self, record: &[u8]) -> Result<()> {
        let p = self.pager;
        if let Some(divider) = self.divider.take() {
            self.write_held()?;
            self.dividers.push(divider);
        }
        self.cell.clear();
        put_varint(&mut self.cell, record.len() as u64);
        p.put_payload(&mut self.cell, record, p.max_local_index, &mut self.page)?;
        if self.leaf.fits(self.cell.len(), 8, p.page_size) {
            self.leaf.push(&self.cell);
        } else {
            std::mem::swap(&mut self.leaf, &mut self.held);
            self.leaf.clear();
            self.divider = Some(self.cell.clone());
        }
        Ok(())
    }

    fn write_held(&mut self) -> Result<()> {
        let p = self.pager;
        self.held.page(INDEX_LEAF, None, p.page_size, &mut self.page);
        self.held.clear();
        self.children.push(p.append(&self.page)?);
        Ok(())
    }

    pub(crate) fn finish(mut self) -> Result<()> {
        let p = self.pager;
        if let Some(last) = self.divider.take() {
            // The last key did not fit the full leaf: the leaf's own last key goes between
            // them instead (a full leaf holds several).
            let divider = self.held.pop().ok_or_else(|| corrupt("index key too big"))?;
            self.write_held()?;
            self.dividers.push(divider);
            self.leaf.push(&last);
        }
        self.leaf.page(INDEX_LEAF, None, p.page_size, &mut self.page);
        if self.children.is_empty() {
            return p.write(self.root, &self.page);
        }
        self.children.push(p.append(&self.page)?);
        let mut children = std::mem::take(&mut self.children);
        let mut dividers = std::mem::take(&mut self.dividers);
        loop {
            // Children `start..=end` go on one page, with the dividers between them as cells;
            // the divider after a page goes up a level.
            let mut groups: Vec<(usize, usize)> = Vec::new();
            let mut start = 0;
            let mut cells = Cells::default();
            for (i, d) in dividers.iter().enumerate() {
                if cells.fits(4 + d.len(), 12, p.page_size) {
                    cells.push(&self.cell_of(0, d));
                } else {
                    groups.push((start, i));
                    start = i + 1;
                    cells.clear();
                }
            }
            groups.push((start, children.len() - 1));
            // A page needs a cell: a last page with one child takes the previous page's last.
            let n = groups.len();
            if n > 1 && groups[n - 1].0 == groups[n - 1].1 {
                if groups[n - 2].1 - groups[n - 2].0 < 2 {
                    return Err(corrupt("index keys too big"));
                }
                groups[n - 2].1 -= 1;
                groups[n - 1].0 -= 1;
            }
            let mut up_children = Vec::with_capacity(n);
            let mut up_dividers = Vec::with_capacity(n.saturating_sub(1));
            for &(start, end) in &groups {
                let mut cells = Cells::default();
                for i in start..end {
                    let cell = self.cell_of(children[i], &dividers[i]);
                    cells.push(&cell);
                }
                cells.page(INDEX_INTERIOR, Some(children[end]), p.page_size, &mut self.page);
                if n == 1 {
                    return p.write(self.root, &self.page);
                }
                up_children.push(p.append(&self.page)?);
                if end < dividers.len() {
                    up_dividers.push(std::mem::take(&mut dividers[end]));
                }
            }
            children = up_children;
            dividers = up_dividers;
        }
    }

    fn cell_of(&self, child: u32, divider: &[u8]) -> Vec<u8> {
        let mut cell = Vec::with_capacity(4 + divider.len());
        cell.extend_from_slice(&child.to_be_bytes());
        cell.extend_from_slice(divider);
        cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::types::Value;
    use rusqlite::Connection;

    /// A deterministic stream of pseudo-random numbers (SplitMix64).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// A value of every kind SQLite stores, of every encoded size: integers at each width's
    /// edges, texts and blobs from empty to several pages (overflow chains), NULLs.
    fn value(rng: &mut Rng) -> Value {
        const INTS: [i64; 14] = [
            0,
            1,
            -1,
            127,
            -128,
            128,
            32767,
            -32769,
            8_388_607,
            2_147_483_648,
            -2_147_483_649,
            140_737_488_355_327,
            i64::MAX,
            i64::MIN,
        ];
        match rng.below(7) {
            0 => Value::Null,
            1 => Value::Integer(INTS[rng.below(INTS.len() as u64) as usize]),
            2 => Value::Integer(rng.next() as i64 >> rng.below(64)),
            3 => Value::Real(rng.next() as f64 / 7.0),
            4 | 5 => {
                let len = [0, 1, 40, 500, 1100, 4000, 9000][rng.below(7) as usize] + rng.below(30) as usize;
                Value::Text((0..len).map(|i| char::from(b'a' + ((i as u64 + rng.below(3)) % 26) as u8)).collect())
            }
            _ => Value::Blob((0..rng.below(5000)).map(|_| rng.next() as u8).collect()),
        }
    }

    fn encode(rec: &mut Record, row: &[Value], trim: bool) -> Vec<u8> {
        rec.clear();
        for v in row {
            match v {
                Value::Null => rec.null(),
                Value::Integer(i) => rec.int(*i),
                Value::Real(r) => rec.real(*r),
                Value::Text(t) => rec.text(t),
                Value::Blob(b) => rec.blob(b),
            };
        }
        rec.finish(trim).to_vec()
    }

    /// Rows written by [`TableTree`] and keys by [`IndexTree`] read back through SQLite the
    /// same, in files that pass `PRAGMA integrity_check`: small pages (deep trees, long
    /// overflow chains) and the default size.
    #[test]
    fn trees_read_back_through_sqlite() {
        for page_size in [512, 4096] {
            let dir = tempfile::tempdir().expect("temp dir");
            let path = dir.path().join("t.db");
            let conn = Connection::open(&path).expect("create");
            conn.execute_batch(&format!(
                "PRAGMA page_size = {page_size};
                 CREATE TABLE t(a, b, c, d);
                 CREATE TABLE w(k TEXT, v INTEGER, x, PRIMARY KEY (k, v)) WITHOUT ROWID;"
            ))
            .expect("schema");
            let root = |name: &str| -> u32 {
                conn.query_row("SELECT rootpage FROM sqlite_schema WHERE name = ?1", [name], |r| r.get(0))
                    .expect("root page")
            };
            let (t_root, w_root) = (root("t"), root("w"));
            drop(conn);

            let mut rng = Rng(page_size as u64);
            let rows: Vec<(i64, Vec<Value>)> = (0..3000i64)
                .map(|i| (i * 3 - 4000, (0..1 + rng.below(4)).map(|_| value(&mut rng)).collect()))
                .collect();
            // Keys in SQLite's order: by k (bytes), then v; some long enough to overflow.
            let keys: Vec<(String, i64, Value)> = (0..2000u64)
                .map(|i| {
                    let group = i / 3;
                    let tail =
                        if group % 13 == 0 { "z".repeat(300 + (group as usize * 7 % 3000)) } else { String::new() };
                    (format!("k{group:05}{tail}"), (i % 3) as i64 - 1, value(&mut rng))
                })
                .collect();

            let pager = Pager::open(&path).expect("pager");
            let mut rec = Record::default();
            let mut table = TableTree::new(&pager, t_root);
            for (rowid, row) in &rows {
                let bytes = encode(&mut rec, row, rowid % 2 == 0);
                table.push(*rowid, &bytes).expect("push row");
            }
            table.finish().expect("table");
            let mut index = IndexTree::new(&pager, w_root);
            for (k, v, x) in &keys {
                let bytes = encode(&mut rec, &[Value::Text(k.clone()), Value::Integer(*v), x.clone()], false);
                index.push(&bytes).expect("push key");
            }
            index.finish().expect("index");
            pager.finish().expect("header");

            let conn = Connection::open(&path).expect("reopen");
            let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).expect("integrity_check");
            assert_eq!(check, "ok", "page size {page_size}");
            let mut stmt = conn.prepare("SELECT rowid, a, b, c, d FROM t ORDER BY rowid").expect("select t");
            let got: Vec<(i64, Vec<Value>)> = stmt
                .query_map([], |r| Ok((r.get(0)?, (1..5).map(|i| r.get(i)).collect::<rusqlite::Result<Vec<Value>>>()?)))
                .expect("query t")
                .collect::<rusqlite::Result<_>>()
                .expect("rows of t");
            assert_eq!(got.len(), rows.len());
            for ((rowid, row), (got_rowid, got_row)) in rows.iter().zip(&got) {
                assert_eq!(rowid, got_rowid);
                let mut want = row.clone();
                want.resize(4, Value::Null);
                assert_eq!(&want, got_row, "row {rowid}, page size {page_size}");
            }
            let mut stmt = conn.prepare("SELECT k, v, x FROM w ORDER BY k, v").expect("select w");
            let got: Vec<(String, i64, Value)> = stmt
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .expect("query w")
                .collect::<rusqlite::Result<_>>()
                .expect("rows of w");
            assert_eq!(got, keys, "page size {page_size}");
            // Lookups go down the trees.
            let n: i64 = conn.query_row("SELECT count(*) FROM w WHERE k = 'k00101'", [], |r| r.get(0)).expect("lookup");
            assert_eq!(n, 3);
        }
    }

    #[test]
    fn varints_are_sqlites() {
        let cases: [(u64, &[u8]); 6] = [
            (0, &[0]),
            (0x7f, &[0x7f]),
            (0x80, &[0x81, 0x00]),
            (0x3fff, &[0xff, 0x7f]),
            (0x4000, &[0x81, 0x80, 0x00]),
            (u64::MAX, &[0xff; 9]),
        ];
        for (v, want) in cases {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            assert_eq!(out, want, "{v:#x}");
        }
    }
}
