//! Debug output of the standalone tools: `TORQ_LOG=<pass-argument>=<level>[,...]`
//! (tracing, to stderr; each line names its function and, in PrefetchInputs,
//! its block). Colour only when stderr is a terminal and `NO_COLOR` is unset.
//! A target that is no pass, or a level that is none of tracing's, gets a
//! warning instead of silence.
//!
//! A library registers nothing process-global by itself: the tools call
//! [`init_from_env`] (the cargo-built torq-opt from Rust, a C++ main through
//! `torqInitDebugLog`); a host with a tracing subscriber of its own does not.

use std::io::IsTerminal;

/// The tracing targets: the passes' arguments (one name everywhere).
const TARGETS: &[&str] = crate::passes::NAMES;
const LEVELS: &[&str] = &["off", "error", "warn", "info", "debug", "trace"];

/// Warnings for the directives of `spec` that name no target or level.
pub fn check_directives(spec: &str) -> Vec<String> {
    let mut warnings = Vec::new();
    for d in spec.split(',').map(str::trim).filter(|d| !d.is_empty()) {
        let (target, level) = match d.split_once('=') {
            Some((t, l)) => (Some(t.trim()), l.trim()),
            None if LEVELS.contains(&d.to_ascii_lowercase().as_str()) => (None, d),
            None => (Some(d), "trace"),
        };
        if let Some(t) = target {
            if !TARGETS.contains(&t) {
                warnings.push(format!(
                    "torq-opt: warning: TORQ_LOG target '{t}' is no torq-sched pass (one of {})",
                    TARGETS.join(", ")
                ));
            }
        }
        if !LEVELS.contains(&level.to_ascii_lowercase().as_str()) {
            warnings.push(format!(
                "torq-opt: warning: TORQ_LOG level '{level}' is none of {}",
                LEVELS.join(", ")
            ));
        }
    }
    warnings
}

/// Sends the tracing events `TORQ_LOG` selects to stderr (nothing when it
/// is unset), after a warning for each directive that names no pass or
/// level. Installs the process's global subscriber, unless one is already
/// installed (then it does nothing).
pub fn init_from_env() {
    let spec = std::env::var("TORQ_LOG").unwrap_or_default();
    for w in check_directives(&spec) {
        eprintln!("{w}");
    }
    let filter =
        tracing_subscriber::EnvFilter::try_new(if spec.is_empty() { "off" } else { &spec })
            .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("off"));
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(colour)
        .with_env_filter(filter)
        .try_init();
}

#[cfg(test)]
mod tests {
    use super::check_directives;

    #[test]
    fn misspelt_targets_and_levels_are_reported() {
        assert!(check_directives("torq-prefetch-inputs=debug").is_empty());
        assert!(check_directives("debug").is_empty());
        assert!(check_directives("").is_empty());
        assert_eq!(check_directives("torq-prefetch-input=debug").len(), 1);
        assert_eq!(check_directives("torq-verify-lram=loud").len(), 1);
    }
}
