//! Reading `#torq_hw<ndl TYPE [K T N, ...]>` from its printed form (see
//! `enc` for why the printed form is the interface).

use super::enc::{tokenize, Tok};
use crate::cost::{Ndl, NdlDim, NdlType};

pub fn parse_ndl(text: &str) -> Result<Ndl, String> {
    let bad = || format!("unsupported NDL '{text}' (expected #torq_hw<ndl TYPE [K T N, ...]>)");
    let toks = tokenize(text).map_err(|_| bad())?;
    let mut it = toks.iter();
    let head: Vec<_> = it.by_ref().take(4).collect();
    let ty = match head.as_slice() {
        [Tok::Word("#torq_hw"), Tok::Punct('<'), Tok::Word("ndl"), Tok::Word(t)] => {
            NdlType::from_name(t).ok_or_else(bad)?
        }
        _ => return Err(bad()),
    };
    if it.next() != Some(&Tok::Punct('[')) {
        return Err(bad());
    }
    let mut dims = Vec::new();
    loop {
        match it.next() {
            Some(Tok::Punct(']')) => break,
            Some(Tok::Punct(',')) => {}
            Some(Tok::Word(k)) => match (it.next(), it.next()) {
                (Some(Tok::Word(t)), Some(Tok::Int(n)))
                    if k.len() == 1 && t.len() == 1 && *n > 0 =>
                {
                    dims.push(NdlDim {
                        kind: k.chars().next().unwrap_or('?'),
                        tag: t.chars().next().unwrap_or('?'),
                        count: *n as u64,
                    })
                }
                _ => return Err(bad()),
            },
            _ => return Err(bad()),
        }
    }
    if it.next() != Some(&Tok::Punct('>')) {
        return Err(bad());
    }
    Ok(Ndl { ty, dims })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_printed_ndl() {
        let n = parse_ndl("#torq_hw<ndl dedr [H D 16, L B 4, S X 2]>").unwrap();
        assert_eq!(n.ty, NdlType::Dedr);
        assert_eq!(n.dims.len(), 3);
        assert_eq!(
            n.dims[2],
            NdlDim {
                kind: 'S',
                tag: 'X',
                count: 2
            }
        );
        assert!(parse_ndl("#torq_hw<ndl cepr []>").unwrap().dims.is_empty());
        assert!(parse_ndl("#torq_hw<ndl xx []>").is_err());
        assert!(parse_ndl("#torq_hw<ndl dedr [H D]>").is_err());
    }
}
