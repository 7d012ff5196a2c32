//! Pass options as the C++ shells hand them over: the pass's textual
//! pipeline form `argument{key=value key2="a b" ...}`, with every option of
//! the pass in it. Names, kinds, defaults, ranges and choices are the rows of
//! passes/TorqOptions.def (generated from the option records of
//! passes/Passes.td, the one declaration), the table the C++ shells also declare their
//! options from; build.rs turns it into `option_table` ([`OPTIONS`],
//! [`defaults`]) and into [`OptionValues`], one typed field per row (an
//! enum per set of choices), through which the passes read their options:
//! a misspelt option is a compile error. The readers here check a value
//! against its row.

use std::collections::BTreeMap;
use std::fmt;

pub use crate::option_table::{defaults, spec, OptionKind, OptionSpec, OPTIONS};

include!(concat!(env!("OUT_DIR"), "/options_typed.rs"));

/// A pass's options: a Rust caller's text, or a C++ shell's typed values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassOptions {
    pub pass: String,
    /// A Rust caller's text, by name as given (read against the rows when
    /// typed); empty for a shell's values.
    values: BTreeMap<String, String>,
    /// A C++ shell's values, typed and checked, with the table's scope of
    /// the options the pass holds (`held`).
    held: Option<(OptionValues, String)>,
}

/// An `Int` value from a shell, in its row's range `lo..=hi` (at or above
/// 0): the field of `OptionValues::from_set`.
fn set_uint(pass: &str, key: &str, v: i64, lo: i64, hi: i64) -> Result<u64, OptionError> {
    set_int(pass, key, v, lo, hi).and_then(|v| {
        u64::try_from(v).map_err(|_| set_invalid(pass, key, v.to_string(), "a count"))
    })
}

/// An `Int` value from a shell, in its row's range `lo..=hi`.
fn set_int(pass: &str, key: &str, v: i64, lo: i64, hi: i64) -> Result<i64, OptionError> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(set_invalid(
            pass,
            key,
            v.to_string(),
            &format!("an integer in {lo}..={hi}"),
        ))
    }
}

/// A `String` value from a shell: its bytes, UTF-8 (a file name of other
/// bytes is refused, never written under another name).
fn set_text(pass: &str, key: &str, bytes: &[u8]) -> Result<String, OptionError> {
    String::from_utf8(bytes.to_vec()).map_err(|_| {
        set_invalid(
            pass,
            key,
            String::from_utf8_lossy(bytes).into_owned(),
            "valid UTF-8",
        )
    })
}

fn set_invalid(pass: &str, key: &str, value: String, expected: &str) -> OptionError {
    OptionError::Invalid {
        pass: pass.to_string(),
        key: key.to_string(),
        value,
        expected: expected.to_string(),
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    Syntax(String),
    Missing {
        pass: String,
        key: String,
    },
    Invalid {
        pass: String,
        key: String,
        value: String,
        expected: String,
    },
    /// The table has no such option (a bug of the caller, reported).
    Unknown(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Syntax(t) => write!(f, "cannot read pass options '{t}'"),
            OptionError::Missing { pass, key } => write!(f, "{pass}: option '{key}' is missing"),
            OptionError::Unknown(key) => write!(f, "option '{key}' is not in the options table"),
            OptionError::Invalid {
                pass,
                key,
                value,
                expected,
            } => {
                write!(
                    f,
                    "{pass}: option '{key}' = '{value}' is invalid: expected {expected}"
                )
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// Checks one option's value against its row (kind, range, choices) and,
/// for `torq-hw`, the hardware grammar: the check the C++ shells run when a
/// pass's, the pipeline's or a global flag's value is parsed, so that a bad
/// value is one command-line error before any function is read. The passes
/// read their values through the same typed readers.
pub fn check_value(arg: &str, value: &str) -> Result<(), String> {
    let row = spec(arg).ok_or_else(|| OptionError::Unknown(arg.to_string()).to_string())?;
    let mut values = BTreeMap::new();
    values.insert(arg.to_string(), value.to_string());
    let o = PassOptions {
        pass: String::new(),
        values,
        held: None,
    };
    let why = |e: OptionError| match e {
        OptionError::Invalid { expected, .. } => {
            format!("'{value}' is invalid: expected {expected}")
        }
        e => e.to_string(),
    };
    match row.kind {
        OptionKind::Int => o.int(arg).map(|_| ()).map_err(why),
        OptionKind::Bool => o.bool(arg).map(|_| ()).map_err(why),
        OptionKind::String => {
            o.string(arg).map_err(why)?;
            pipeline_text(value).map_err(|e| format!("'{value}' is invalid: {e}"))?;
            if arg == "torq-hw" {
                crate::cost::Hw::parse(value).map_err(|e| format!("'{value}' is invalid: {e}"))?;
            }
            Ok(())
        }
    }
}

/// Whether a string value reads back as itself from MLIR's pass-option
/// syntax, where the shells print it (`--dump-pass-pipeline`, a crash
/// reproducer, a global flag folded into a pipeline): quoted with the kind
/// it does not hold, so a value holding both quote kinds cannot be
/// written; braces nest and end an option (a value holding one does not
/// read back); and the parser trims the spaces at either end.
fn pipeline_text(value: &str) -> Result<(), &'static str> {
    if value.contains('"') && value.contains('\'') {
        return Err("it holds both quote kinds, which a pass pipeline cannot quote");
    }
    if value.contains(['{', '}']) {
        return Err("it holds a brace, which a pass pipeline does not read back");
    }
    if value.trim() != value {
        return Err("it starts or ends with a space, which a pass pipeline drops");
    }
    Ok(())
}

/// The option that picks a row of [`EFFORT`].
pub const EFFORT_OPTION: &str = "torq-prefetch-effort";

/// One effort level: what it runs, and the values it gives the options a
/// pass was not given.
pub struct Effort {
    pub level: u32,
    pub runs: &'static str,
    pub options: &'static [(&'static str, &'static str)],
}

include!(concat!(env!("OUT_DIR"), "/options_effort.rs"));

/// The values effort level `level` gives the options a pass was not given
/// (`EFFORT`), for `torq-prefetch-algorithm` = `algorithm`: the exact oracle
/// (`oracle`) keeps its own budgets, the oracle's and the improvement
/// search's options, whatever the level. None for a level without a row.
pub fn effort_values(
    level: i64,
    algorithm: &str,
) -> impl Iterator<Item = (&'static str, &'static str)> {
    let own = algorithm == "oracle";
    usize::try_from(level)
        .ok()
        .and_then(|l| EFFORT.get(l))
        .into_iter()
        .flat_map(|e| e.options.iter().copied())
        .filter(move |(k, _)| {
            !(own && (k.starts_with("torq-oracle-") || k.starts_with("torq-improve-")))
        })
}

/// `effort_values` as `key=value ...` (empty for none), for the C++ shells;
/// the string lives as long as the program.
pub fn effort_row(level: i64, algorithm: &str) -> &'static str {
    static ROWS: std::sync::OnceLock<Vec<[String; 2]>> = std::sync::OnceLock::new();
    let rows = ROWS.get_or_init(|| {
        (0..EFFORT.len() as i64)
            .map(|l| {
                ["stream-schedule", "oracle"].map(|a| {
                    effort_values(l, a)
                        .map(|(k, v)| format!("{k}={v}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
            })
            .collect()
    });
    usize::try_from(level)
        .ok()
        .and_then(|l| rows.get(l))
        .map_or("", |r| r[usize::from(algorithm == "oracle")].as_str())
}

impl PassOptions {
    /// The options of pass `pass` as a C++ shell holds them: every value
    /// typed (`OptionValues::from_set`, each checked against its row), the
    /// pass's own those of the table's scope `scope`, the effort level
    /// already resolved by the shell for the options it was not given
    /// (`effort_row`), so nothing is applied again.
    pub fn held(
        pass: &str,
        scope: &str,
        set: &crate::option_set::OptionSet,
    ) -> Result<Self, OptionError> {
        Ok(PassOptions {
            pass: pass.to_string(),
            values: BTreeMap::new(),
            held: Some((OptionValues::from_set(pass, set)?, scope.to_string())),
        })
    }

    /// A textual form `argument{key=value ...}` read as it is, nothing
    /// applied (`parse` then applies the effort level for a Rust caller).
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "i indexes the text's characters and only grows while below their count; depth counts the braces read so far, and a value's slice drops the two braces it read"
    )]
    fn parse_resolved(text: &str) -> Result<Self, OptionError> {
        let syntax = || OptionError::Syntax(text.to_string());
        let text_t = text.trim();
        let (pass, rest) = match text_t.find('{') {
            Some(i) => (&text_t[..i], &text_t[i..]),
            None => (text_t, ""),
        };
        let mut values = BTreeMap::new();
        if !rest.is_empty() {
            let body = rest
                .strip_prefix('{')
                .and_then(|r| r.strip_suffix('}'))
                .ok_or_else(syntax)?;
            let chars: Vec<char> = body.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                if chars[i].is_whitespace() {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < chars.len() && chars[i] != '=' && !chars[i].is_whitespace() {
                    i += 1;
                }
                let key: String = chars[start..i].iter().collect();
                if i >= chars.len() || chars[i] != '=' {
                    // A flag without value (bool option set to true).
                    values.insert(key, "true".to_string());
                    continue;
                }
                i += 1;
                let mut value = String::new();
                if i < chars.len() && (chars[i] == '"' || chars[i] == '\'') {
                    let q = chars[i];
                    i += 1;
                    while i < chars.len() && chars[i] != q {
                        value.push(chars[i]);
                        i += 1;
                    }
                    if i >= chars.len() {
                        return Err(syntax());
                    }
                    i += 1;
                } else if i < chars.len() && chars[i] == '{' {
                    let mut depth = 0;
                    while i < chars.len() {
                        match chars[i] {
                            '{' => depth += 1,
                            '}' => depth -= 1,
                            _ => {}
                        }
                        value.push(chars[i]);
                        i += 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    value = value[1..value.len().saturating_sub(1)].to_string();
                } else {
                    while i < chars.len() && !chars[i].is_whitespace() {
                        value.push(chars[i]);
                        i += 1;
                    }
                }
                if key.is_empty() {
                    return Err(syntax());
                }
                values.insert(key, value);
            }
        }
        Ok(PassOptions {
            pass: pass.to_string(),
            values,
            held: None,
        })
    }

    /// The textual form of a Rust caller: the options it names, then
    /// `torq-prefetch-effort`'s row for those it does not name
    /// (`apply_effort`).
    pub fn parse(text: &str) -> Result<Self, OptionError> {
        let mut o = Self::parse_resolved(text)?;
        o.apply_effort()?;
        Ok(o)
    }

    /// `torq-prefetch-effort` for a Rust caller: each option of its level's
    /// row that the text does not name gets the row's value (an option it
    /// names, even at its default, is given and stays).
    fn apply_effort(&mut self) -> Result<(), OptionError> {
        if !self.values.contains_key(EFFORT_OPTION) {
            return Ok(());
        }
        let given = self.typed()?;
        let level = i64::try_from(given.torq_prefetch_effort).unwrap_or(i64::MAX);
        let algorithm = given.torq_prefetch_algorithm.name();
        for (key, value) in effort_values(level, algorithm) {
            if !self.values.contains_key(key) && spec(key).is_some() {
                self.values.insert(key.to_string(), value.to_string());
            }
        }
        Ok(())
    }

    /// The option's text; the table's default when the text does not name
    /// it (the C++ shells always name every option of the pass; Rust callers
    /// may name only some).
    fn raw(&self, key: &str) -> Result<&str, OptionError> {
        self.values
            .get(key)
            .map(String::as_str)
            .or_else(|| spec(key).map(|s| s.default))
            .ok_or_else(|| OptionError::Missing {
                pass: self.pass.clone(),
                key: key.to_string(),
            })
    }

    fn invalid(&self, key: &str, expected: String) -> OptionError {
        OptionError::Invalid {
            pass: self.pass.clone(),
            key: key.to_string(),
            value: self.values.get(key).cloned().unwrap_or_default(),
            expected,
        }
    }

    fn row(&self, key: &str, kind: OptionKind) -> Result<&'static OptionSpec, OptionError> {
        spec(key)
            .filter(|s| s.kind == kind)
            .ok_or_else(|| OptionError::Unknown(key.to_string()))
    }

    /// A `String` option; one of its row's choices when it has some.
    fn string(&self, key: &str) -> Result<String, OptionError> {
        let row = self.row(key, OptionKind::String)?;
        let v = self.raw(key)?;
        if !row.choices.is_empty() && !row.choices.contains(&v) {
            return Err(self.invalid(key, format!("one of {}", row.choices.join(", "))));
        }
        Ok(v.to_string())
    }

    /// An `Int` option, in its row's range.
    fn int(&self, key: &str) -> Result<i64, OptionError> {
        let row = self.row(key, OptionKind::Int)?;
        match self.raw(key)?.parse::<i64>() {
            Ok(v) if (row.min..=row.max).contains(&v) => Ok(v),
            _ => Err(self.invalid(key, format!("an integer in {}..={}", row.min, row.max))),
        }
    }

    /// An `Int` option whose range lies within `u64`.
    fn uint(&self, key: &str) -> Result<u64, OptionError> {
        let v = self.int(key)?;
        u64::try_from(v).map_err(|_| self.invalid(key, "a count".into()))
    }

    /// Every option's value, typed and checked ([`OptionValues`]).
    pub fn typed(&self) -> Result<OptionValues, OptionError> {
        match &self.held {
            Some((values, _)) => Ok(values.clone()),
            None => OptionValues::read(self),
        }
    }

    /// Whether the options name `row`: the text names it, or the pass
    /// holds it (its scope).
    fn names(&self, row: &OptionSpec) -> bool {
        match &self.held {
            Some((_, scope)) => row.scope.contains(&scope.as_str()),
            None => self.values.contains_key(row.arg),
        }
    }

    /// The hardware of the options ([`OptionValues::hw`]).
    pub fn hw(&self) -> Result<crate::cost::Hw, String> {
        self.typed().map_err(|e| e.to_string())?.hw()
    }

    /// The options this pass holds that `algorithm` (the value of
    /// `torq-prefetch-algorithm`) does not read, by their row's `reads:`
    /// tags (`auto` reads as `constant-loads`), and that were given: their
    /// value is neither the table's default nor what `torq-prefetch-effort`
    /// gives them. Each as (option, its value, the algorithms that read it).
    pub fn without_effect(&self, algorithm: &str) -> Vec<(&'static str, String, String)> {
        let reader = if algorithm == "auto" {
            "constant-loads"
        } else {
            algorithm
        };
        let Ok(typed) = self.typed() else {
            return Vec::new();
        };
        let level = i64::try_from(typed.torq_prefetch_effort).ok();
        OPTIONS
            .iter()
            .zip(typed.texts())
            .filter(|(row, _)| self.names(row))
            .filter_map(|(row, value)| {
                let readers: Vec<&str> = row
                    .scope
                    .iter()
                    .filter_map(|t| t.strip_prefix("reads:"))
                    .collect();
                if readers.is_empty() || readers.contains(&reader) {
                    return None;
                }
                let expected = level
                    .and_then(|l| effort_values(l, algorithm).find(|(k, _)| *k == row.arg))
                    .map_or(row.default, |(_, v)| v);
                let same = match row.kind {
                    OptionKind::Int => expected.parse::<i64>().ok().map(|e| e.to_string()),
                    _ => Some(expected.to_string()),
                }
                .is_some_and(|e| e == value);
                (!same).then(|| (row.arg, value, readers.join(", ")))
            })
            .collect()
    }

    fn bool(&self, key: &str) -> Result<bool, OptionError> {
        self.row(key, OptionKind::Bool)?;
        match self.raw(key)? {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err(self.invalid(key, "true or false".into())),
        }
    }
}

impl OptionValues {
    /// The hardware: `torq-hw` at the DMA MTUs `torq-dma-in-mtu` /
    /// `torq-dma-out-mtu`, placed by `torq-placement` within
    /// `torq-placement-nodes`.
    pub fn hw(&self) -> Result<crate::cost::Hw, String> {
        let hw = crate::cost::Hw::parse(&self.torq_hw).map_err(|e| e.to_string())?;
        let mtu = |v: u64, k: &str| u32::try_from(v).map_err(|_| format!("{k} out of range"));
        let placer = crate::lram::Placer {
            placement: match self.torq_placement {
                TorqPlacement::Offline => crate::lram::Placement::Offline,
                TorqPlacement::FirstFit => crate::lram::Placement::FirstFit,
            },
            nodes: self.torq_placement_nodes,
        };
        Ok(hw
            .with_mtus(
                mtu(self.torq_dma_in_mtu, "torq-dma-in-mtu")?,
                mtu(self.torq_dma_out_mtu, "torq-dma-out-mtu")?,
            )
            .with_placer(placer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_value_is_one_the_pipeline_syntax_writes_back() {
        let check = |v: &str| check_value("torq-prefetch-report", v);
        for ok in ["r.json", "a b.json", "it's.json", "say \"hi\".json", ""] {
            assert_eq!(check(ok), Ok(()), "{ok:?}");
        }
        for bad in ["a'b\"c.json", "a{b.json", "a}b", " r.json", "r.json "] {
            assert!(check(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn parses_textual_pipeline_form() {
        let o = PassOptions::parse(
            "torq-x{torq-dma-in-mtu=4 torq-hw=SL2610 c=\"x y\" d={p q} torq-allow-swaps torq-dma-out-mtu=17}",
        )
        .unwrap();
        assert_eq!(o.pass, "torq-x");
        assert_eq!(o.raw("torq-dma-in-mtu").unwrap(), "4");
        assert_eq!(o.string("torq-hw").unwrap(), "SL2610");
        assert_eq!(o.raw("c").unwrap(), "x y");
        assert_eq!(o.raw("d").unwrap(), "p q");
        assert!(o.bool("torq-allow-swaps").unwrap());
        assert_eq!(o.int("torq-dma-in-mtu").unwrap(), 4);
        // Out of the row's range, the wrong kind, not in the table.
        assert!(matches!(
            o.int("torq-dma-out-mtu"),
            Err(OptionError::Invalid { .. })
        ));
        assert!(matches!(o.int("torq-hw"), Err(OptionError::Unknown(_))));
        assert!(matches!(o.int("c"), Err(OptionError::Unknown(_))));
        assert!(matches!(o.raw("zz"), Err(OptionError::Missing { .. })));
        // An option of the table that the text does not name: its default.
        assert_eq!(
            o.raw("torq-list-policy").unwrap(),
            defaults::TORQ_LIST_POLICY
        );
        assert_eq!(PassOptions::parse("torq-y").unwrap().pass, "torq-y");
        assert!(PassOptions::parse("torq-y{a=\"open}").is_err());
    }

    #[test]
    fn the_table_is_consistent() {
        for (i, o) in OPTIONS.iter().enumerate() {
            assert!(
                OPTIONS[..i].iter().all(|p| p.arg != o.arg),
                "{} twice",
                o.arg
            );
            assert!(!o.scope.is_empty(), "{} is in no scope", o.arg);
            // Every default reads back through its own typed reader.
            let text = format!("p{{{}={}}}", o.arg, o.default);
            let text = if o.default.is_empty() {
                format!("p{{{}=\"\"}}", o.arg)
            } else {
                text
            };
            let p = PassOptions::parse(&text).unwrap();
            match o.kind {
                OptionKind::Int => assert_eq!(p.int(o.arg).unwrap().to_string(), o.default),
                OptionKind::Bool => assert_eq!(p.bool(o.arg).unwrap().to_string(), o.default),
                OptionKind::String => assert_eq!(p.string(o.arg).unwrap(), o.default),
            }
        }
        assert_eq!(
            spec("torq-list-policy").unwrap().default,
            defaults::TORQ_LIST_POLICY
        );
    }

    #[test]
    fn effort_gives_the_options_not_given_its_values() {
        let p = |t: &str| PassOptions::parse(t).unwrap();
        let e0 = p("torq-prefetch-inputs{torq-prefetch-effort=0}");
        assert_eq!(e0.string("torq-list-policy").unwrap(), "fifo");
        assert_eq!(e0.string("torq-placement").unwrap(), "first-fit");
        // A value of its own stays, its default too: given is given.
        let mine = p("torq-prefetch-inputs{torq-list-policy=johnson torq-prefetch-effort=0}");
        assert_eq!(mine.string("torq-list-policy").unwrap(), "johnson");
        assert_eq!(mine.string("torq-placement").unwrap(), "first-fit");
        let default = p("torq-prefetch-inputs{torq-placement=offline torq-prefetch-effort=0}");
        assert_eq!(default.string("torq-placement").unwrap(), "offline");
        // A text read as given (as the shells' values are): nothing is applied.
        let shell =
            PassOptions::parse_resolved("torq-prefetch-inputs{torq-prefetch-effort=0}").unwrap();
        assert_eq!(shell.string("torq-placement").unwrap(), "offline");
        assert_eq!(
            effort_row(0, "stream-schedule"),
            "torq-placement=first-fit torq-list-policy=fifo"
        );
        assert_eq!(effort_row(9, "stream-schedule"), "");
        // The exact oracle keeps its own budgets.
        assert!(effort_row(3, "stream-schedule").contains("torq-oracle-steps="));
        assert!(!effort_row(3, "oracle").contains("torq-oracle-"));
        // Assign takes the level's placement.
        let assign = p("torq-assign-lram-addresses{torq-prefetch-effort=0}");
        assert_eq!(assign.string("torq-placement").unwrap(), "first-fit");
        // An option not named is at its default.
        let unnamed = p("torq-prefetch-inputs{torq-prefetch-effort=3}");
        assert_eq!(unnamed.string("torq-list-policy").unwrap(), "search");
        // Given at their defaults, they stay.
        let e3 = p("torq-prefetch-inputs{torq-list-policy=portfolio torq-oracle-gap-ppm=0 torq-prefetch-effort=3}");
        assert_eq!(e3.string("torq-list-policy").unwrap(), "portfolio");
        assert_eq!(e3.uint("torq-oracle-gap-ppm").unwrap(), 0);
        assert_eq!(e3.uint("torq-oracle-steps").unwrap(), 200);
        // Every level is a row, in order, and every option it sets exists.
        for (i, e) in EFFORT.iter().enumerate() {
            assert_eq!(e.level as usize, i);
            for (k, v) in e.options {
                assert!(check_value(k, v).is_ok(), "{k}={v}");
            }
        }
        assert!(PassOptions::parse("torq-prefetch-inputs{torq-prefetch-effort=4}").is_err());
        // What a level sets beside the options (decide::POLISH_PRICED) is
        // one per level, and the level that differs says so in its text.
        assert_eq!(crate::decide::POLISH_PRICED.len(), EFFORT.len());
        let priced = crate::decide::polish_priced(2);
        assert!(EFFORT[2]
            .runs
            .contains(&format!("({priced} orders priced)")));
        assert!(EFFORT[2]
            .runs
            .contains(&format!("({} orders priced)", priced / 2)));
        // The option docs that state those constants state them as they are.
        let doc = |arg| crate::option_table::spec(arg).expect("a row").doc;
        assert!(doc("torq-polish-moves").contains(&format!(
            "{priced} at effort 2 and {} at the other levels",
            crate::decide::POLISH_PRICED_DEFAULT
        )));
        assert!(doc("torq-window-expansions").contains(&format!(
            "a window places {} transfers",
            crate::decide::improve::WINDOW_TRANSFERS
        )));
        // So are the long-block windows' (decide::LONG_WINDOW_EXPANSIONS):
        // one rate per level, the levels that pay for them say so.
        assert_eq!(crate::decide::LONG_WINDOW_EXPANSIONS.len(), EFFORT.len());
        for e in EFFORT {
            let rate = crate::decide::long_window_expansions(e.level as u64);
            let said = format!(
                "({} transfers a window, {rate} DP expansions per scheduled op, priced after allocation after an {} of them",
                crate::decide::improve::LONG_WINDOW_TRANSFERS,
                match crate::decide::improve::LONG_FIRST_SHARES {
                    8 => "eighth",
                    _ => "unsaid share",
                }
            );
            assert_eq!(
                e.runs.contains(&said),
                rate > 0,
                "level {}: {said}",
                e.level
            );
        }
    }

    #[test]
    fn values_are_checked_one_at_a_time() {
        assert!(check_value("torq-dma-in-mtu", "4").is_ok());
        assert!(check_value("torq-dma-in-mtu", "17")
            .unwrap_err()
            .contains("0..=16"));
        assert!(check_value("torq-hw", "SL2610").is_ok());
        assert!(check_value("torq-hw", "bogus").is_err());
        assert!(check_value("torq-allow-swaps", "maybe").is_err());
        assert!(check_value("torq-list-policy", "fast").is_err());
        assert!(check_value("no-such-option", "1").is_err());
        for o in OPTIONS {
            assert_eq!(check_value(o.arg, o.default), Ok(()), "{}", o.arg);
        }
    }

    /// A shell's typed values read as the same values, and each field
    /// checked against its row: a number out of range, bytes that are not
    /// UTF-8, a name that is not a choice are errors naming the option.
    #[test]
    fn a_shells_values_are_read_typed_and_checked() {
        let given = PassOptions::parse(
            "torq-prefetch-inputs{torq-list-policy=johnson torq-prefetch-effort=1 torq-prefetch-report=r.json}",
        )
        .unwrap()
        .typed()
        .unwrap();
        let set = given.to_set();
        let held = PassOptions::held("torq-prefetch-inputs", "prefetch", &set).unwrap();
        assert_eq!(held.typed().unwrap(), given);
        let err = |f: &dyn Fn(&mut crate::option_set::OptionSet)| {
            let mut bad = set.clone();
            f(&mut bad);
            PassOptions::held("torq-prefetch-inputs", "prefetch", &bad)
                .unwrap_err()
                .to_string()
        };
        let e = err(&|s| s.torq_dma_in_mtu = 17);
        assert!(e.contains("torq-dma-in-mtu") && e.contains("0..=16"), "{e}");
        let e = err(&|s| s.torq_prefetch_report = vec![b'r', 0xff]);
        assert!(
            e.contains("torq-prefetch-report") && e.contains("UTF-8"),
            "{e}"
        );
        let e = err(&|s| s.torq_list_policy = b"fast".to_vec());
        assert!(e.contains("one of portfolio"), "{e}");
        // The pass holds its scope's options: one the algorithm does not
        // read, set apart from its effort value, is without effect.
        let mut fifo = set.clone();
        fifo.torq_prefetch_algorithm = b"constant-loads".to_vec();
        let fifo = PassOptions::held("torq-prefetch-inputs", "prefetch", &fifo).unwrap();
        let idle = fifo.without_effect("constant-loads");
        assert!(
            idle.iter()
                .any(|(k, v, _)| *k == "torq-list-policy" && v == "johnson"),
            "{idle:?}"
        );
    }

    #[test]
    fn choices_are_checked() {
        let p = PassOptions::parse("p{torq-list-policy=fast}").unwrap();
        let e = p.string("torq-list-policy").unwrap_err().to_string();
        assert!(e.contains("one of portfolio, search, fifo"), "{e}");
    }
}
