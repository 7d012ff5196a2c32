//! Pass options as the C++ shells hand them over: the pass's textual
//! pipeline form `argument{key=value key2="a b" ...}`, printed by MLIR from
//! the options declared in passes/Passes.td (which owns names and defaults).

use std::collections::BTreeMap;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassOptions {
    pub pass: String,
    values: BTreeMap<String, String>,
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
        expected: &'static str,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Syntax(t) => write!(f, "cannot read pass options '{t}'"),
            OptionError::Missing { pass, key } => write!(f, "{pass}: option '{key}' is missing"),
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

impl PassOptions {
    pub fn parse(text: &str) -> Result<Self, OptionError> {
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
        })
    }

    pub fn raw(&self, key: &str) -> Result<&str, OptionError> {
        self.values
            .get(key)
            .map(String::as_str)
            .ok_or_else(|| OptionError::Missing {
                pass: self.pass.clone(),
                key: key.to_string(),
            })
    }

    fn invalid(&self, key: &str, expected: &'static str) -> OptionError {
        OptionError::Invalid {
            pass: self.pass.clone(),
            key: key.to_string(),
            value: self.values.get(key).cloned().unwrap_or_default(),
            expected,
        }
    }

    pub fn string(&self, key: &str) -> Result<String, OptionError> {
        self.raw(key).map(str::to_string)
    }

    /// An integer in `range`; `expected` describes the range for the message.
    pub fn int_in(
        &self,
        key: &str,
        range: std::ops::RangeInclusive<i64>,
        expected: &'static str,
    ) -> Result<i64, OptionError> {
        match self.raw(key)?.parse::<i64>() {
            Ok(v) if range.contains(&v) => Ok(v),
            _ => Err(self.invalid(key, expected)),
        }
    }

    pub fn bool(&self, key: &str) -> Result<bool, OptionError> {
        match self.raw(key)? {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err(self.invalid(key, "true or false")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_textual_pipeline_form() {
        let o = PassOptions::parse("torq-x{a=4 b=SL2610 c=\"x y\" d={p q} e}").unwrap();
        assert_eq!(o.pass, "torq-x");
        assert_eq!(o.raw("a").unwrap(), "4");
        assert_eq!(o.raw("b").unwrap(), "SL2610");
        assert_eq!(o.raw("c").unwrap(), "x y");
        assert_eq!(o.raw("d").unwrap(), "p q");
        assert!(o.bool("e").unwrap());
        assert_eq!(o.int_in("a", 0..=16, "0..16").unwrap(), 4);
        assert!(o.int_in("b", 0..=16, "0..16").is_err());
        assert!(matches!(o.raw("zz"), Err(OptionError::Missing { .. })));
        assert_eq!(PassOptions::parse("torq-y").unwrap().pass, "torq-y");
        assert!(PassOptions::parse("torq-y{a=\"open}").is_err());
    }
}
