//! Reading a memref's `#torq_hl<enc ...>` memory space.
//!
//! The Rust passes run inside this project's torq-opt and inside a host
//! compiler that has its own torq_hl dialect, so they cannot call this
//! project's C++ attribute accessors. An attribute's printed form is the one
//! interface both dialects share (upstream-ir.md fixes it), so this module
//! tokenizes the printed attribute and parses it by its grammar:
//! `#torq_hl<enc mem_space = X [counts = [..]] [strides = [..]] [padding = N]>`
//! (or the pretty form `#torq_hl.enc<...>`).

use crate::buffer::{Encoding, MemSpace};

#[derive(Debug, PartialEq)]
pub(super) enum Tok<'a> {
    Word(&'a str),
    Int(i64),
    Punct(char),
}

pub(super) fn tokenize(s: &str) -> Result<Vec<Tok<'_>>, String> {
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
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Word(&s[start..i]));
        } else if c.is_ascii_digit() || c == '-' {
            let start = i;
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push(Tok::Int(
                s[start..i]
                    .parse()
                    .map_err(|_| format!("bad integer in '{s}'"))?,
            ));
        } else if "<>[]=,.:".contains(c) {
            out.push(Tok::Punct(c));
            i += 1;
        } else {
            return Err(format!("unexpected '{c}' in memory space '{s}'"));
        }
    }
    Ok(out)
}

/// Parses a printed memory-space attribute. `None` input (no memory space)
/// is XRAM, as upstream treats bindings and constants.
pub fn parse_memory_space(printed: Option<&str>) -> Result<(MemSpace, Encoding), String> {
    let Some(text) = printed else {
        return Ok((MemSpace::Xram, Encoding::default()));
    };
    let toks = tokenize(text)?;
    let bad = || format!("unsupported memory space '{text}' (expected #torq_hl<enc ...>)");
    let mut it = toks.iter().peekable();
    // `#torq_hl` then `<enc` or `.enc<`.
    if it.next() != Some(&Tok::Word("#torq_hl")) {
        return Err(bad());
    }
    match (it.next(), it.next()) {
        (Some(Tok::Punct('<')), Some(Tok::Word("enc"))) => {}
        (Some(Tok::Punct('.')), Some(Tok::Word("enc"))) => {
            if it.next() != Some(&Tok::Punct('<')) {
                return Err(bad());
            }
        }
        _ => return Err(bad()),
    }
    let mut space = None;
    let mut enc = Encoding::default();
    loop {
        match it.next() {
            Some(Tok::Punct('>')) => break,
            Some(Tok::Word(key)) => {
                if it.next() != Some(&Tok::Punct('=')) {
                    return Err(bad());
                }
                match *key {
                    "mem_space" => match it.next() {
                        Some(Tok::Word(w)) => space = Some(MemSpace::from_name(w).ok_or_else(bad)?),
                        _ => return Err(bad()),
                    },
                    "padding" => match it.next() {
                        Some(Tok::Int(v)) => enc.padding = *v,
                        _ => return Err(bad()),
                    },
                    "counts" | "strides" => {
                        if it.next() != Some(&Tok::Punct('[')) {
                            return Err(bad());
                        }
                        let list = if *key == "counts" {
                            &mut enc.counts
                        } else {
                            &mut enc.strides
                        };
                        loop {
                            match it.next() {
                                Some(Tok::Int(v)) => list.push(*v),
                                Some(Tok::Punct(',')) => {}
                                Some(Tok::Punct(']')) => break,
                                _ => return Err(bad()),
                            }
                        }
                    }
                    _ => return Err(bad()),
                }
            }
            _ => return Err(bad()),
        }
    }
    Ok((space.ok_or_else(bad)?, enc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_both_forms() {
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
        let (s, _) = parse_memory_space(Some("#torq_hl.enc<mem_space = itcm>")).unwrap();
        assert_eq!(s, MemSpace::Itcm);
    }

    #[test]
    fn rejects_other_spaces() {
        for bad in [
            "1 : i64",
            "#gpu.address_space<workgroup>",
            "#torq_hl<enc>",
            "#torq_hl<enc mem_space = sram>",
        ] {
            assert!(parse_memory_space(Some(bad)).is_err(), "{bad}");
        }
    }
}
