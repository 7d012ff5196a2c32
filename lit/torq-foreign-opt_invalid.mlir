// The foreign host's text-keeping torq dialects: a token they cannot read
// inside an attribute is a located error.
// REQUIRES: foreign-host
// RUN: %torq-foreign-opt %s -verify-diagnostics

// expected-error @+1 {{foreign torq dialect: cannot read this token}}
func.func @f() attributes {a = #torq_hl<enc @x>} { return }
