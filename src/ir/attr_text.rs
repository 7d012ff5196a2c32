//! Reading torq attributes from their printed form: one tokenizer, one
//! cursor, and the grammars of `#torq_hl<enc ...>` and of the NDL arrays.
//!
//! The Rust passes run inside this project's torq-opt and inside a host
//! compiler that has its own torq_hl/torq_hw dialects, so they cannot call
//! this project's C++ attribute accessors. An attribute's printed form is the
//! one interface both share (upstream's printer fixes it, see
//! `../shared/spec/upstream-syntax/`), so the passes print the attribute
//! through the C API and parse the text here. **Every grammar reads to the
//! end of the text and rejects a key given twice**: a reader that stopped at
//! the first value it knows would silently accept what it did not read.

use crate::buffer::{Encoding, MemSpace};
use crate::cost::{Ndl, NdlDim, NdlType};

#[derive(Clone, Debug, PartialEq)]
pub enum Tok<'a> {
    /// An identifier, `#alias` or `#dialect` name, or a keyword.
    Word(&'a str),
    Int(i64),
    Str(&'a str),
    /// `->` of an affine map.
    Arrow,
    Punct(char),
}

/// Splits printed attribute text into tokens.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "i indexes the text's bytes: it starts at 0, grows by one byte or by a token's length while below the length, and j - i is a token's length"
)]
pub fn tokenize(s: &str) -> Result<Vec<Tok<'_>>, String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == '_' || c == '#' {
            let start = i;
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$') {
                i += 1;
            }
            out.push(Tok::Word(&s[start..i]));
        } else if c == '-' && b.get(i + 1) == Some(&b'>') {
            out.push(Tok::Arrow);
            i += 2;
        } else if c.is_ascii_digit() || (c == '-' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let start = i;
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let v = s[start..i]
                .parse()
                .map_err(|_| format!("integer '{}' does not fit in 64 bits", &s[start..i]))?;
            out.push(Tok::Int(v));
        } else if c == '"' {
            let start = i + 1;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            if i >= b.len() {
                return Err("unterminated string".into());
            }
            out.push(Tok::Str(&s[start..i]));
            i += 1;
        } else if "<>[]{}()=,.:-+*".contains(c) {
            out.push(Tok::Punct(c));
            i += 1;
        } else {
            return Err(format!("unexpected '{c}'"));
        }
    }
    Ok(out)
}

/// A cursor over the tokens of one attribute, with the text for messages.
pub struct Cursor<'a> {
    text: &'a str,
    toks: Vec<Tok<'a>>,
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(text: &'a str) -> Result<Self, String> {
        let toks = tokenize(text).map_err(|e| format!("cannot read '{text}': {e}"))?;
        Ok(Cursor { text, toks, pos: 0 })
    }

    pub fn err(&self, expected: &str) -> String {
        let found = match self.toks.get(self.pos) {
            Some(t) => format!("{t:?}"),
            None => "the end".into(),
        };
        format!(
            "cannot read '{}': expected {expected}, found {found}",
            self.text
        )
    }

    pub fn peek(&self) -> Option<&Tok<'a>> {
        self.toks.get(self.pos)
    }

    fn next(&mut self) -> Option<Tok<'a>> {
        let t = self.toks.get(self.pos).cloned();
        self.pos = self.pos.saturating_add(1);
        t
    }

    pub fn eat(&mut self, t: Tok) -> bool {
        if self.peek() == Some(&t) {
            self.pos = self.pos.saturating_add(1);
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, t: Tok) -> Result<(), String> {
        if self.eat(t.clone()) {
            Ok(())
        } else {
            Err(self.err(&format!("{t:?}")))
        }
    }

    pub fn punct(&mut self, c: char) -> Result<(), String> {
        self.expect(Tok::Punct(c))
    }

    pub fn word(&mut self) -> Result<&'a str, String> {
        match self.next() {
            Some(Tok::Word(w)) => Ok(w),
            _ => {
                self.pos = self.pos.saturating_sub(1);
                Err(self.err("a name"))
            }
        }
    }

    pub fn int(&mut self) -> Result<i64, String> {
        match self.next() {
            Some(Tok::Int(v)) => Ok(v),
            _ => {
                self.pos = self.pos.saturating_sub(1);
                Err(self.err("an integer"))
            }
        }
    }

    /// `[a, b, ...]` of integers.
    pub fn int_list(&mut self) -> Result<Vec<i64>, String> {
        self.punct('[')?;
        let mut out = Vec::new();
        if self.eat(Tok::Punct(']')) {
            return Ok(out);
        }
        loop {
            out.push(self.int()?);
            if self.eat(Tok::Punct(']')) {
                return Ok(out);
            }
            self.punct(',')?;
        }
    }

    /// Skips one balanced `<...>`, `(...)`, `[...]` or `{...}` group.
    fn skip_group(&mut self) -> Result<(), String> {
        let mut depth = 0usize;
        loop {
            match self.next() {
                Some(Tok::Punct('<' | '(' | '[' | '{')) => depth = depth.saturating_add(1),
                Some(Tok::Punct('>' | ')' | ']' | '}')) => {
                    depth = depth.checked_sub(1).ok_or_else(|| self.err("a group"))?;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some(_) if depth > 0 => {}
                _ => return Err(self.err("a bracketed group")),
            }
        }
    }

    pub fn end(&self) -> Result<(), String> {
        if self.pos == self.toks.len() {
            Ok(())
        } else {
            Err(self.err("the end of the attribute"))
        }
    }

    /// `#dialect<mnemonic`: the opening of a dialect attribute.
    pub fn open(&mut self, dialect: &str, mnemonic: &str) -> Result<(), String> {
        self.expect(Tok::Word(dialect))?;
        self.punct('<')?;
        self.expect(Tok::Word(mnemonic))
    }
}

/// Records a key and rejects it the second time.
fn first_time(seen: &mut Vec<String>, key: &str, c: &Cursor) -> Result<(), String> {
    if seen.iter().any(|k| k == key) {
        return Err(format!("cannot read '{}': '{key}' given twice", c.text));
    }
    seen.push(key.to_string());
    Ok(())
}

/// A memref's memory space from its printed memory-space attribute
/// (`#torq_hl<enc mem_space = X [counts = [..]] [strides = [..]] [padding = N]>`);
/// no attribute is XRAM, as upstream treats bindings and constants.
pub fn parse_memory_space(printed: Option<&str>) -> Result<(MemSpace, Encoding), String> {
    let Some(text) = printed else {
        return Ok((MemSpace::Xram, Encoding::default()));
    };
    let mut c = Cursor::new(text)?;
    c.open("#torq_hl", "enc")
        .map_err(|_| format!("unsupported memory space '{text}' (expected #torq_hl<enc ...>)"))?;
    let mut space = None;
    let mut enc = Encoding::default();
    let mut seen = Vec::new();
    while !c.eat(Tok::Punct('>')) {
        let key = c.word()?;
        first_time(&mut seen, key, &c)?;
        c.punct('=')?;
        match key {
            "mem_space" => {
                let w = c.word()?;
                space = Some(
                    MemSpace::from_name(w)
                        .ok_or_else(|| c.err("xram, lram, dtcm, itcm or host"))?,
                );
            }
            "padding" => enc.padding = c.int()?,
            "counts" => enc.counts = c.int_list()?,
            "strides" => enc.strides = c.int_list()?,
            _ => return Err(format!("cannot read '{text}': unknown key '{key}'")),
        }
    }
    c.end()?;
    let space = space.ok_or_else(|| format!("cannot read '{text}': no mem_space"))?;
    Ok((space, enc))
}

/// Which of the two NDL arrays of a slice task is read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NdlKind {
    Mem,
    Reg,
}

/// One dimension `TAG(KIND) [count, stride]`; the stride (an integer, or an
/// affine map for a memory NDL) does not enter the cost model.
fn ndl_dim(c: &mut Cursor) -> Result<NdlDim, String> {
    let tag = c.word()?;
    c.punct('(')?;
    let kind = c.word()?;
    c.punct(')')?;
    let letter = |w: &str, what: &str, ok: &str| -> Result<char, String> {
        match w.chars().collect::<Vec<_>>().as_slice() {
            [ch] if ok.contains(*ch) => Ok(*ch),
            _ => Err(format!("cannot read '{}': '{w}' is not {what}", c.text)),
        }
    };
    let kind = letter(kind, "a dimension kind (L, H or S)", "LHS")?;
    let tag = letter(tag, "a dimension tag", "ABDGIJKLMNOSTUVWXY")?;
    c.punct('[')?;
    let count = c.int()?;
    if count < 0 {
        return Err(format!(
            "cannot read '{}': a dimension count must not be negative",
            c.text
        ));
    }
    c.punct(',')?;
    match c.peek() {
        Some(Tok::Int(_)) => {
            c.int()?;
        }
        Some(Tok::Word("affine_map")) => {
            c.word()?;
            c.skip_group()?;
        }
        Some(Tok::Word(w)) if w.starts_with('#') => {
            c.word()?;
        }
        _ => return Err(c.err("a stride")),
    }
    c.punct(']')?;
    Ok(NdlDim {
        kind,
        tag,
        count: count as u64,
    })
}

/// One `{TYPE dims = [...] key = value ...}` of an NDL array.
fn ndl(c: &mut Cursor, kind: NdlKind) -> Result<Ndl, String> {
    c.punct('{')?;
    let name = c.word()?;
    let ty = NdlType::from_name(name).ok_or_else(|| c.err("an NDL type"))?;
    let mut dims = Vec::new();
    let mut seen = Vec::new();
    while !c.eat(Tok::Punct('}')) {
        let key = c.word()?;
        first_time(&mut seen, key, c)?;
        c.punct('=')?;
        match (key, kind) {
            ("dims", _) => {
                c.punct('[')?;
                if !c.eat(Tok::Punct(']')) {
                    loop {
                        dims.push(ndl_dim(c)?);
                        if c.eat(Tok::Punct(']')) {
                            break;
                        }
                        c.punct(',')?;
                    }
                }
            }
            ("index" | "offset" | "set_id" | "sync_mode" | "sync_nhd", NdlKind::Mem) => {
                c.int()?;
            }
            ("set_id", NdlKind::Reg) => {
                c.punct('[')?;
                c.int()?;
                c.punct(']')?;
            }
            _ => return Err(format!("cannot read '{}': unknown NDL key '{key}'", c.text)),
        }
    }
    Ok(Ndl { ty, dims })
}

/// A slice task's `#torq_hw<mem_ndl_array[...]>` or
/// `#torq_hw<reg_ndl_array[...]>`, printed.
pub fn parse_ndl_array(text: &str, kind: NdlKind) -> Result<Vec<Ndl>, String> {
    let mut c = Cursor::new(text)?;
    let mnemonic = match kind {
        NdlKind::Mem => "mem_ndl_array",
        NdlKind::Reg => "reg_ndl_array",
    };
    c.open("#torq_hw", mnemonic)?;
    c.punct('[')?;
    let mut out = Vec::new();
    if !c.eat(Tok::Punct(']')) {
        loop {
            out.push(ndl(&mut c, kind)?);
            if c.eat(Tok::Punct(']')) {
                break;
            }
            c.punct(',')?;
        }
    }
    c.punct('>')?;
    c.end()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_spaces() {
        assert_eq!(parse_memory_space(None).unwrap().0, MemSpace::Xram);
        let (s, e) = parse_memory_space(Some("#torq_hl<enc mem_space = lram>")).unwrap();
        assert_eq!((s, e), (MemSpace::Lram, Encoding::default()));
        let (s, e) = parse_memory_space(Some(
            "#torq_hl<enc mem_space = dtcm counts = [1, 128] strides = [128, 1] padding = 16>",
        ))
        .unwrap();
        assert_eq!(s, MemSpace::Dtcm);
        assert_eq!(
            e,
            Encoding {
                counts: vec![1, 128],
                strides: vec![128, 1],
                padding: 16
            }
        );
    }

    #[test]
    fn rejects_other_spaces_and_junk() {
        for bad in [
            "1 : i64",
            "#gpu.address_space<workgroup>",
            "#torq_hl<enc>",
            "#torq_hl<enc mem_space = sram>",
            "#torq_hl<enc mem_space = lram mem_space = xram>",
            "#torq_hl<enc mem_space = lram junk = 5>",
            "#torq_hl<enc mem_space = lram> x",
            "#torq_hl<enc mem_space = lram padding = 99999999999999999999>",
            "#torq_hl.enc<mem_space = lram>",
        ] {
            assert!(parse_memory_space(Some(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn upstream_ndl_arrays() {
        // As the C API prints them: affine maps inline, no aliases.
        let mem = parse_ndl_array(
            "#torq_hw<mem_ndl_array[{DEDR dims = [ B(L) [4, affine_map<() -> (1)>],  \
             X(H) [3, affine_map<(d0, d1) -> (d1 - d0)>]] index = 1 offset = 2 set_id = 1 \
             sync_mode = 1 sync_nhd = 2}, {REF dims = []}]>",
            NdlKind::Mem,
        )
        .unwrap();
        assert_eq!(mem.len(), 2);
        assert_eq!(mem[0].ty, NdlType::Dedr);
        assert_eq!(
            mem[0].dims[1],
            NdlDim {
                kind: 'H',
                tag: 'X',
                count: 3
            }
        );
        assert!(mem[1].dims.is_empty());
        let reg = parse_ndl_array(
            "#torq_hw<reg_ndl_array[{CEDW dims = [ B(L) [4, 1],  T(H) [2, 0]] set_id = [1]}, {CEPR}]>",
            NdlKind::Reg,
        )
        .unwrap();
        assert_eq!(reg[0].dims.len(), 2);
        assert_eq!(reg[1].ty, NdlType::Cepr);
        assert!(reg[1].dims.is_empty());
        assert!(parse_ndl_array("#torq_hw<mem_ndl_array[]>", NdlKind::Mem)
            .unwrap()
            .is_empty());
        // With the module's aliases (as a host may print them).
        assert_eq!(
            parse_ndl_array(
                "#torq_hw<mem_ndl_array[{DEQW dims = [ B(L) [4, #map]]}]>",
                NdlKind::Mem
            )
            .unwrap()[0]
                .dims[0]
                .count,
            4
        );
    }

    #[test]
    fn rejects_bad_ndls() {
        for (bad, kind) in [
            ("#torq_hw<mem_ndl_array[{XXXX dims = []}]>", NdlKind::Mem),
            (
                "#torq_hw<mem_ndl_array[{DEDR dims = [ B(Q) [4, 1]]}]>",
                NdlKind::Mem,
            ),
            (
                "#torq_hw<mem_ndl_array[{DEDR dims = [ B(L) [-4, 1]]}]>",
                NdlKind::Mem,
            ),
            (
                "#torq_hw<mem_ndl_array[{DEDR dims = [] dims = []}]>",
                NdlKind::Mem,
            ),
            (
                "#torq_hw<mem_ndl_array[{DEDR dims = []}]> junk",
                NdlKind::Mem,
            ),
            ("#torq_hw<reg_ndl_array[{CEDW offset = 3}]>", NdlKind::Reg),
            ("#torq_hw<reg_ndl_array[{CEDW}]>", NdlKind::Mem),
        ] {
            assert!(parse_ndl_array(bad, kind).is_err(), "{bad}");
        }
    }
}
