//===- TorqPasses.cpp - C++ shells of the Rust passes ----------------------===//
//
// Passes.td declares every pass; mlir-tblgen generates its base class. The
// options come from one table, TorqOptions.def (generated from the option
// records of Passes.td by tests/sourcegen.rs): each shell declares the rows
// of its pass as MLIR pass options (so `--help`, the textual pipeline form,
// printing and cloning work as for any MLIR pass), torq-nss-pipeline declares
// the rows tagged `pipeline`, and the standalone tools create the rows tagged
// `global` as command-line flags (torqRegisterCommandLineOptions; a host
// never gets them).
//
// Every value is checked where it is parsed (TorqParser: the option's kind,
// then bridge::check_option, the Rust check of its row's range and choices and
// of the hardware grammar), so a bad value is one command-line error.
//
// A pass built from text (the registry, torq-nss-pipeline) takes the global
// flag's value for each option it was not given, then the effort level's
// (torq-prefetch-effort; the row comes from Rust, bridge::effort_row) for each
// it still was not given, in initializeOptions: the pass then holds every
// value it runs with, and --dump-pass-pipeline and crash reproducers print
// them. A pass from the C++ API (typed option structs, whose members are
// set or unset) or made without options takes the level's values for the
// options not set.
// runOnOperation forwards to Rust (bridge::run_pass, declared once in
// src/bridge.rs, whose C++ side cxx generates) with the
// pass's option values, typed (`OptionSet`), and the function's
// PlannedAllocation and CheckedFacts if the analysis manager holds them; a
// pass that changed nothing preserves every analysis, one that keeps the
// facts preserves CheckedFacts. The Rust side finds ops by name and
// attributes, never through this project's C++ classes, so the same shells
// work inside a host compiler that has its own torq_hl dialect.
//
//===----------------------------------------------------------------------===//

#include "torq-sched/Passes.h"
#include "torq-sched/src/bridge.rs.h"
#include "torq-sched/src/ir/diagnostic.rs.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace torq::bridge {
/// A remark (severity 0), warning (1) or error (2) at `loc`, with `notes`
/// attached, for the Rust passes (src/ir/diagnostic.rs): MLIR's C API can
/// emit only errors, without notes.
void emit_diagnostic(const Location *loc, std::int32_t severity,
                     rust::Slice<const std::uint8_t> message, const Notes &notes) {
  auto text = [](rust::Slice<const std::uint8_t> s) {
    return llvm::StringRef(reinterpret_cast<const char *>(s.data()), s.size());
  };
  auto location = [](const Location *l) { return mlir::Location::getFromOpaquePointer(l); };
  mlir::Location l = location(loc);
  mlir::InFlightDiagnostic d = severity == 0   ? mlir::emitRemark(l)
                               : severity == 1 ? mlir::emitWarning(l)
                                               : mlir::emitError(l);
  d << text(message);
  for (size_t i = 0; i < notes.count(); ++i)
    d.attachNote(location(notes.place(i))) << text(notes.text(i));
}
} // namespace torq::bridge

namespace {
/// `s` as the bridge's byte slice (valid for the call).
rust::Slice<const uint8_t> bytes(llvm::StringRef s) {
  return {reinterpret_cast<const uint8_t *>(s.data()), s.size()};
}
enum class Kind { Int, Bool, String };

/// One row of TorqOptions.def.
struct Row {
  const char *arg;
  Kind kind;
  const char *def;
  int64_t lo, hi;
  const char *choices;
  const char *scope;
  const char *help;
  const char *doc;
};

const Row kRows[] = {
#define TORQ_OPTION(ARG, KIND, DEF, LO, HI, CHOICES, SCOPE, HELP, DOC)                            \
  {ARG, Kind::KIND, DEF, LO, HI, CHOICES, SCOPE, HELP, DOC},
#include "TorqOptions.def"
#undef TORQ_OPTION
};
constexpr size_t kNumRows = sizeof(kRows) / sizeof(kRows[0]);

/// An option's spelling before every option took the `torq-` prefix, and
/// its name now (TORQ_RENAMED rows of TorqOptions.def).
struct Renamed {
  const char *old;
  const char *now;
};
const Renamed kRenamed[] = {
#define TORQ_OPTION(ARG, KIND, DEF, LO, HI, CHOICES, SCOPE, HELP, DOC)
#define TORQ_RENAMED(OLD, NEW) {OLD, NEW},
#include "TorqOptions.def"
#undef TORQ_RENAMED
#undef TORQ_OPTION
};

/// MLIR's error for an unknown key (`<Pass-Options-Parser>: no such option
/// KEY`) of an old spelling, as an error that names the option's name now;
/// any other message as it is.
std::string renamedError(const std::string &message) {
  llvm::StringRef m = llvm::StringRef(message).trim();
  for (const Renamed &r : kRenamed)
    if (m.ends_with(std::string("no such option ") + r.old))
      return "option '" + std::string(r.old) + "' is now '" + r.now + "'";
  return message;
}

bool inScope(const Row &row, llvm::StringRef tag) {
  llvm::SmallVector<llvm::StringRef, 8> tags;
  llvm::StringRef(row.scope).split(tags, ' ', -1, false);
  return llvm::is_contained(tags, tag);
}

/// Rows tagged `hidden` (the budgets under the effort levels) are listed by
/// --help-hidden only.
llvm::cl::OptionHidden hidden(const Row &row) {
  return inScope(row, "hidden") ? llvm::cl::Hidden : llvm::cl::NotHidden;
}

/// A value as --help shows it (the empty string quoted).
std::string shown(llvm::StringRef v) { return v.empty() ? std::string("\"\"") : v.str(); }

/// Whether effort level `level`'s row sets `arg` under `algorithm`, and to
/// what (options::effort_row).
std::optional<std::string> levelValue(int64_t level, llvm::StringRef algorithm,
                                      llvm::StringRef arg) {
  rust::Str row = torq::bridge::effort_row(level, bytes(algorithm));
  llvm::SmallVector<llvm::StringRef, 8> pairs;
  llvm::StringRef(row.data(), row.size()).split(pairs, ' ', -1, false);
  for (llvm::StringRef kv : pairs) {
    auto [key, v] = kv.split('=');
    if (key == arg)
      return v.str();
  }
  return std::nullopt;
}

/// The default of row `r` as --help says it: what runs. "default X" when
/// no `torq-prefetch-effort` level sets it; "by effort 0-3: a, b, c, d"
/// when every level does (the table's default then runs only where a level
/// does not apply: "; X under torq-prefetch-algorithm=oracle" when the
/// exact oracle keeps it); else "default X; at effort 0-3: a, b, c, d".
/// From the effort table (options::effort_row), as docs/options.md.
std::string defaultText(const Row &r) {
  int64_t top = 0;
  for (const Row &e : kRows)
    if (llvm::StringRef(e.arg) == "torq-prefetch-effort")
      top = e.hi;
  std::vector<std::string> values;
  bool any = false, all = true, oracleKeeps = false;
  for (int64_t level = 0; level <= top; ++level) {
    std::optional<std::string> v = levelValue(level, "stream-schedule", r.arg);
    any |= v.has_value();
    all &= v.has_value();
    if (v && !levelValue(level, "oracle", r.arg))
      oracleKeeps = true;
    values.push_back(shown(v.value_or(r.def)));
  }
  std::string levels = "effort 0-" + std::to_string(top) + ": " + llvm::join(values, ", ");
  if (!any)
    return "default " + shown(r.def);
  if (!all)
    return "default " + shown(r.def) + "; at " + levels;
  std::string s = "by " + levels;
  if (oracleKeeps)
    s += "; " + shown(r.def) + " under torq-prefetch-algorithm=oracle";
  return s;
}

/// The one-line help of a row: its help, then its range or choices and
/// what runs by default (`defaultText`). Built once; cl::desc keeps a
/// reference.
const std::string &description(size_t i) {
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> out;
    for (const Row &r : kRows) {
      std::string s = r.help;
      s += " [";
      if (r.kind == Kind::Int)
        s += std::to_string(r.lo) + ".." + std::to_string(r.hi) + ", ";
      if (*r.choices)
        s += std::string(r.choices) + ", ";
      s += defaultText(r);
      s += "]";
      out.push_back(std::move(s));
    }
    return out;
  }();
  return texts[i];
}

int64_t intDefault(const Row &r) { return std::strtoll(r.def, nullptr, 10); }
bool boolDefault(const Row &r) { return llvm::StringRef(r.def) == "true"; }

/// A string value in the textual pipeline form (quoted; single quotes when
/// the value has a double quote).
std::string quoted(const std::string &v) {
  char q = v.find('"') == std::string::npos ? '"' : '\'';
  return q + v + q;
}
std::string valueText(int64_t v) { return std::to_string(v); }
std::string valueText(bool v) { return v ? "true" : "false"; }
std::string valueText(const std::string &v) { return v; }

/// Where option errors go while a pass is built from typed options (the
/// C++ API): collected, so that the pass can report them where it runs.
/// Null elsewhere: the error goes to stderr, as for any command-line option.
thread_local std::string *errorSink = nullptr;

/// Checks `value` for option `name` with the Rust check of its row.
bool checkValue(llvm::StringRef name, const std::string &value, std::string &why) {
  torq::bridge::OptionCheck c = torq::bridge::check_option(bytes(name), bytes(value));
  if (!c.valid)
    why = std::string(c.error);
  return c.valid;
}

/// A value's text as its kind, or why not. Integers are decimal only (as
/// Rust reads them: `010` is ten, not LLVM's octal eight); booleans as
/// LLVM's (an empty value is true). Parsed here rather than by LLVM's
/// parsers, which print their errors straight to stderr, so that a bad
/// value inside a pipeline's text gets its message.
bool parseText(llvm::StringRef arg, int64_t &v, std::string &why) {
  long long x = 0;
  if (arg.getAsInteger(10, x)) {
    why = "'" + arg.str() + "' is not a decimal integer";
    return false;
  }
  v = x;
  return true;
}
bool parseText(llvm::StringRef arg, bool &v, std::string &why) {
  if (arg.empty() || arg == "true" || arg == "TRUE" || arg == "True" || arg == "1") {
    v = true;
    return true;
  }
  if (arg == "false" || arg == "FALSE" || arg == "False" || arg == "0") {
    v = false;
    return true;
  }
  why = "'" + arg.str() + "' is not true or false";
  return false;
}
bool parseText(llvm::StringRef arg, std::string &v, std::string &) {
  v = arg.str();
  return true;
}

/// The parser of every torq option: the value's text as its kind
/// (`parseText`), then the row's check of the parsed value. `inner`, the
/// kind's own parser (LLVM's are final), gives the help text its name.
template <typename T> struct TorqParser : llvm::cl::basic_parser<T> {
  explicit TorqParser(llvm::cl::Option &o) : llvm::cl::basic_parser<T>(o), inner(o) {}

  bool parse(llvm::cl::Option &o, llvm::StringRef argName, llvm::StringRef arg, T &val) {
    std::string why;
    if (parseText(arg, val, why) && checkValue(o.ArgStr, valueText(val), why))
      return false;
    if (errorSink) {
      *errorSink = "option '" + o.ArgStr.str() + "': " + why;
      return o.error(why, argName, llvm::nulls());
    }
    return o.error(why, argName);
  }
  llvm::cl::ValueExpected getValueExpectedFlagDefault() const {
    return inner.getValueExpectedFlagDefault();
  }
  llvm::StringRef getValueName() const override { return inner.getValueName(); }
  /// LLVM's option printing (--print-options) takes the kind's parser.
  operator const llvm::cl::parser<T> &() const { return inner; }

  llvm::cl::parser<T> inner;
};

/// `s`'s bytes, for a text field of the bridge's `OptionSet`.
rust::Vec<uint8_t> bytesVec(const std::string &s) {
  rust::Vec<uint8_t> v;
  v.reserve(s.size());
  for (char c : s)
    v.push_back(static_cast<uint8_t>(c));
  return v;
}

#include "TorqOptionSet.inc"

/// Every row at the table's default, in the bridge's `OptionSet`: what a
/// shell starts from before it stores the values of its own options.
torq::bridge::OptionSet defaultOptionSet() {
  torq::bridge::OptionSet set{};
  for (size_t i = 0; i < kNumRows; ++i) {
    const Row &r = kRows[i];
    switch (r.kind) {
    case Kind::Int:
      (void)storeOption(set, i, static_cast<std::int64_t>(intDefault(r)));
      break;
    case Kind::Bool:
      (void)storeOption(set, i, boolDefault(r));
      break;
    case Kind::String:
      (void)storeOption(set, i, std::string(r.def));
      break;
    }
  }
  return set;
}

/// An option declared from a row, type-erased: its value as pipeline text
/// and whether it was given.
struct Declared {
  size_t row;
  /// The value as a pass pipeline prints it (strings quoted).
  std::function<std::string()> text;
  std::function<bool()> given;
  /// Stores the value itself (what the pass runs with), typed, into its
  /// field of the bridge's `OptionSet`.
  std::function<void(torq::bridge::OptionSet &)> store;
};

/// Declares the rows tagged `tag` as options of `owner` (a pass or pipeline
/// options), with `Opt<T, P>` the owner's option class template.
template <template <typename, typename> class Opt, typename Owner>
void declareRows(Owner &owner, llvm::StringRef tag, std::vector<std::shared_ptr<void>> &owned,
                 std::vector<Declared> &out) {
  for (size_t i = 0; i < kNumRows; ++i) {
    const Row &r = kRows[i];
    if (!inScope(r, tag))
      continue;
    llvm::cl::desc desc(description(i));
    switch (r.kind) {
    case Kind::Int: {
      auto o = std::make_shared<Opt<int64_t, TorqParser<int64_t>>>(
          owner, r.arg, desc, llvm::cl::init(intDefault(r)), hidden(r));
      out.push_back({i, [o] { return valueText(o->getValue()); }, [o] { return o->hasValue(); },
                     [o, i](torq::bridge::OptionSet &set) {
                       (void)storeOption(set, i, static_cast<std::int64_t>(o->getValue()));
                     }});
      owned.push_back(o);
      break;
    }
    case Kind::Bool: {
      auto o = std::make_shared<Opt<bool, TorqParser<bool>>>(
          owner, r.arg, desc, llvm::cl::init(boolDefault(r)), hidden(r));
      out.push_back({i, [o] { return valueText(o->getValue()); }, [o] { return o->hasValue(); },
                     [o, i](torq::bridge::OptionSet &set) {
                       (void)storeOption(set, i, static_cast<bool>(o->getValue()));
                     }});
      owned.push_back(o);
      break;
    }
    case Kind::String: {
      auto o = std::make_shared<Opt<std::string, TorqParser<std::string>>>(
          owner, r.arg, desc, llvm::cl::init(std::string(r.def)), hidden(r));
      out.push_back({i, [o] { return quoted(o->getValue()); }, [o] { return o->hasValue(); },
                     [o, i](torq::bridge::OptionSet &set) {
                       (void)storeOption(set, i, static_cast<const std::string &>(o->getValue()));
                     }});
      owned.push_back(o);
      break;
    }
    }
  }
}

/// The global flags of the standalone tools, one per row tagged `global`
/// (null elsewhere), created by torqRegisterCommandLineOptions.
struct GlobalFlags {
  std::vector<std::unique_ptr<llvm::cl::Option>> flags;
  std::vector<std::function<std::string()>> text;
};
GlobalFlags &globals() {
  static GlobalFlags g;
  return g;
}

llvm::cl::OptionCategory &torqCategory() {
  static llvm::cl::OptionCategory category(
      "torq-sched options",
      "Defaults for every torq-sched pass built from a textual pipeline (a pass option wins)");
  return category;
}

template <typename T> using GlobalOpt = llvm::cl::opt<T, false, TorqParser<T>>;

/// The parser of an old spelling's flag: any use is an error naming the
/// flag now.
struct RenamedParser : llvm::cl::basic_parser<std::string> {
  explicit RenamedParser(llvm::cl::Option &o)
      : llvm::cl::basic_parser<std::string>(o), inner(o) {}
  /// LLVM's option printing takes the kind's parser.
  operator const llvm::cl::parser<std::string> &() const { return inner; }
  llvm::cl::parser<std::string> inner;
  bool parse(llvm::cl::Option &o, llvm::StringRef argName, llvm::StringRef, std::string &) {
    for (const Renamed &r : kRenamed)
      if (o.ArgStr == r.old)
        return o.error(std::string("is now '--") + r.now + "'", argName);
    return o.error("is not an option", argName);
  }
};

void createGlobalFlags() {
  GlobalFlags &g = globals();
  g.flags.resize(kNumRows);
  g.text.resize(kNumRows);
  for (size_t i = 0; i < kNumRows; ++i) {
    const Row &r = kRows[i];
    if (!inScope(r, "global"))
      continue;
    llvm::cl::desc desc(description(i));
    llvm::cl::cat cat(torqCategory());
    switch (r.kind) {
    case Kind::Int: {
      auto *o = new GlobalOpt<int64_t>(llvm::StringRef(r.arg), desc, cat,
                                       llvm::cl::init(intDefault(r)), hidden(r));
      g.text[i] = [o]() -> std::string {
        return o->getNumOccurrences() ? valueText(o->getValue()) : std::string();
      };
      g.flags[i].reset(o);
      break;
    }
    case Kind::Bool: {
      auto *o = new GlobalOpt<bool>(llvm::StringRef(r.arg), desc, cat,
                                    llvm::cl::init(boolDefault(r)), hidden(r));
      g.text[i] = [o]() -> std::string {
        return o->getNumOccurrences() ? valueText(o->getValue()) : std::string();
      };
      g.flags[i].reset(o);
      break;
    }
    case Kind::String: {
      auto *o = new GlobalOpt<std::string>(llvm::StringRef(r.arg), desc, cat,
                                           llvm::cl::init(std::string(r.def)), hidden(r));
      g.text[i] = [o]() -> std::string {
        return o->getNumOccurrences() ? quoted(o->getValue()) : std::string();
      };
      g.flags[i].reset(o);
      break;
    }
    }
  }
  // The old spellings, unlisted: giving one is an error that names the flag
  // now.
  for (const Renamed &r : kRenamed) {
    const Row *row = nullptr;
    for (const Row &x : kRows)
      if (llvm::StringRef(x.arg) == r.now)
        row = &x;
    if (!row || !inScope(*row, "global"))
      continue;
    g.flags.emplace_back(new llvm::cl::opt<std::string, false, RenamedParser>(
        llvm::StringRef(r.old), llvm::cl::ReallyHidden, llvm::cl::ValueOptional));
  }
}

/// The value of global flag `row` as pipeline text, or "" when not given
/// (or when the tool has no global flags).
std::string globalText(size_t row) {
  GlobalFlags &g = globals();
  if (row >= g.text.size() || !g.text[row])
    return {};
  return g.text[row]();
}

template <typename T, typename P> using PassOpt = mlir::Pass::Option<T, P>;
template <typename T, typename P>
using PipelineOpt = mlir::detail::PassOptions::Option<T, P>;

/// A typed value as pipeline text (strings quoted).
std::string optionText(int64_t v) { return valueText(v); }
std::string optionText(bool v) { return valueText(v); }
std::string optionText(const std::string &v) { return quoted(v); }

/// `arg=value ...` for the members of a typed options struct.
template <typename Options> std::string optionsText(const Options &o) {
  std::string text;
  o.forEach([&](const char *arg, const auto &v) { text += std::string(arg) + "=" + optionText(v) + " "; });
  return text;
}

const Row *rowOf(llvm::StringRef arg) {
  for (const Row &r : kRows)
    if (arg == r.arg)
      return &r;
  return nullptr;
}
} // namespace

namespace torq {
/// RecoverLramResidency's plan of a function it leaves unchanged (Rust's
/// `ir::allocation::Planned`), an analysis of the function: the pass
/// manager keeps it while the passes after preserve it (they change
/// nothing), and AssignLramAddresses then writes it instead of reading and
/// planning the function again.
struct PlannedAllocation {
  explicit PlannedAllocation(mlir::Operation *) {}
  PlannedAllocation(const PlannedAllocation &) = delete;
  PlannedAllocation &operator=(const PlannedAllocation &) = delete;
  /// The plan (none until a pass made one).
  std::optional<rust::Box<torq::bridge::Plan>> plan;
};

/// What is known to hold of the function's facts (Rust's
/// `ir::facts::Checked`), an analysis of the function: a pass that checked
/// them, or keeps them, leaves it and preserves it; the passes after it
/// check only what it does not know. Any pass that does not preserve it
/// (a host's that changes the function) drops it.
struct CheckedFacts {
  explicit CheckedFacts(mlir::Operation *) {}
  CheckedFacts(const CheckedFacts &) = delete;
  CheckedFacts &operator=(const CheckedFacts &) = delete;
  /// The facts (none until a pass left some).
  std::optional<rust::Box<torq::bridge::Facts>> facts;
};

#define GEN_PASS_DECL
#define GEN_PASS_DEF_TORQANNOTATEDMAANDSLICECYCLES
#define GEN_PASS_DEF_TORQADDDEALLOCATION
#define GEN_PASS_DEF_TORQASSIGNLRAMADDRESSES
#define GEN_PASS_DEF_TORQVERIFYLRAM
#define GEN_PASS_DEF_TORQPREFETCHINPUTS
#define GEN_PASS_DEF_TORQRECOVERLRAMRESIDENCY
#include "TorqPasses.h.inc"

/// The shell of one Rust pass: its options from the table (scope `Tag`),
/// runOnOperation forwarding to Rust.
template <typename Derived, template <typename> class Base>
struct RustPass : Base<Derived> {
  RustPass()
      : run(std::make_shared<rust::Box<torq::bridge::Run>>(torq::bridge::new_run())) {
    declare();
  }
  /// Clones (the pass manager's, per thread) declare the same options in the
  /// same order (MLIR then copies their values) and share the run's state.
  RustPass(const RustPass &other)
      : Base<Derived>(other), run(other.run), invalid(other.invalid), resolved(other.resolved) {
    declare();
  }

  /// torq-prefetch-effort: the level's values (bridge::effort_row) for the
  /// options `unset` says were not given, so that the pass holds every
  /// value it runs with (and prints them).
  mlir::LogicalResult
  resolveEffort(llvm::function_ref<bool(const Declared &)> unset,
                llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler) {
    resolved = true;
    const Declared *effort = find("torq-prefetch-effort");
    if (!effort)
      return mlir::success();
    const Declared *algorithmOption = find("torq-prefetch-algorithm");
    std::string algorithm;
    if (algorithmOption) {
      algorithm = algorithmOption->text();
      // Strings print quoted.
      if (algorithm.size() >= 2)
        algorithm = algorithm.substr(1, algorithm.size() - 2);
    }
    rust::Str row = torq::bridge::effort_row(std::strtoll(effort->text().c_str(), nullptr, 10),
                                             bytes(algorithm));
    llvm::SmallVector<llvm::StringRef> pairs;
    llvm::StringRef(row.data(), row.size()).split(pairs, ' ', -1, false);
    std::string text;
    for (llvm::StringRef pair : pairs) {
      const Declared *d = find(pair.split('=').first);
      if (d && unset(*d))
        text += pair.str() + " ";
    }
    if (text.empty())
      return mlir::success();
    return parseReporting(text, errorHandler);
  }

  /// The options not given take the effort level's values.
  mlir::LogicalResult
  resolveEffortUnset(llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler) {
    return resolveEffort([](const Declared &d) { return !d.given(); }, errorHandler);
  }

  /// The given text, then the tools' global flags for the options it did
  /// not give.
  mlir::LogicalResult
  initializeOptions(llvm::StringRef text,
                    llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler)
      override {
    if (mlir::failed(parseReporting(text, errorHandler)))
      return mlir::failure();
    std::string fromGlobals;
    for (const Declared &d : options) {
      if (d.given())
        continue;
      std::string value = globalText(d.row);
      if (!value.empty())
        fromGlobals += std::string(kRows[d.row].arg) + "=" + value + " ";
    }
    if (!fromGlobals.empty() && mlir::failed(parseReporting(fromGlobals, errorHandler)))
      return mlir::failure();
    return resolveEffortUnset(errorHandler);
  }

  /// Parses `text` into the options; a bad value is one error through
  /// `errorHandler`, naming the pass and the option.
  mlir::LogicalResult
  parseReporting(llvm::StringRef text,
                 llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler) {
    std::string error;
    errorSink = &error;
    mlir::LogicalResult ok = Base<Derived>::initializeOptions(
        text, [&](const llvm::Twine &m) {
          if (error.empty())
            error = m.str();
          return mlir::failure();
        });
    errorSink = nullptr;
    if (mlir::succeeded(ok))
      return ok;
    return errorHandler(this->getArgument() + ": " + renamedError(error));
  }

  /// Options from the C++ API: the set members, each given whatever its
  /// value; the unset ones take the effort level's values. A bad value is
  /// kept as an error the pass reports on its first operation.
  void setFromText(const std::string &text) {
    auto keep = [&](const llvm::Twine &m) {
      invalid = m.str();
      return mlir::failure();
    };
    if (mlir::succeeded(parseReporting(text, keep)))
      (void)resolveEffortUnset(keep);
  }

  void runOnOperation() override {
    // A pass made without options (createTorq*() alone) resolves here.
    if (!resolved)
      (void)resolveEffortUnset([&](const llvm::Twine &m) {
        invalid = m.str();
        return mlir::failure();
      });
    if (!invalid.empty()) {
      mlir::emitError(this->getOperation()->getLoc()) << invalid;
      return this->signalPassFailure();
    }
    // Every value the pass holds, typed, in its field (no text to quote
    // and read back); the other rows at the table's defaults.
    torq::bridge::OptionSet set = defaultOptionSet();
    for (const Declared &d : options)
      d.store(set);
    auto cached = this->template getCachedAnalysis<PlannedAllocation>();
    const torq::bridge::Plan *planned =
        cached && cached->get().plan ? &**cached->get().plan : nullptr;
    auto checked = this->template getCachedAnalysis<CheckedFacts>();
    const torq::bridge::Facts *known =
        checked && checked->get().facts ? &**checked->get().facts : nullptr;
    rust::Box<torq::bridge::PassRun> result =
        torq::bridge::run_pass(this->getOperation(), bytes(this->getArgument()),
                               bytes(Derived::kTag), set, **run, planned, known);
    if (!result->succeeded())
      return this->signalPassFailure();
    if (result->made_plan())
      this->template getAnalysis<PlannedAllocation>().plan = result->take_plan();
    if (result->unchanged())
      this->markAllAnalysesPreserved();
    if (result->keeps_facts()) {
      this->template getAnalysis<CheckedFacts>().facts = result->take_facts();
      this->template markAnalysesPreserved<CheckedFacts>();
    }
  }

  /// The number of the run this instance belongs to (torq::sched::numberRun).
  void setRunIndex(unsigned index) { torq::bridge::set_run_index(**run, index); }

private:
  void declare() { declareRows<PassOpt>(*this, Derived::kTag, owned, options); }
  const Declared *find(llvm::StringRef arg) const {
    for (const Declared &d : options)
      if (arg == kRows[d.row].arg)
        return &d;
    return nullptr;
  }
  std::shared_ptr<rust::Box<torq::bridge::Run>> run;
  std::vector<std::shared_ptr<void>> owned;
  std::vector<Declared> options;
  std::string invalid;
  /// The effort level's values are applied (resolveEffort).
  bool resolved = false;
};

#define TORQ_RUST_PASS(Name, Tag)                                                                  \
  struct Name##Pass : RustPass<Name##Pass, impl::Name##Base> {                                     \
    static constexpr const char *kTag = Tag;                                                       \
  };

TORQ_RUST_PASS(TorqAnnotateDmaAndSliceCycles, "annotate")
TORQ_RUST_PASS(TorqPrefetchInputs, "prefetch")
TORQ_RUST_PASS(TorqAddDeallocation, "dealloc")
TORQ_RUST_PASS(TorqRecoverLramResidency, "recover")
TORQ_RUST_PASS(TorqAssignLramAddresses, "assign")
TORQ_RUST_PASS(TorqVerifyLram, "verify")

namespace {
/// Options of torq-nss-pipeline as text: the rows tagged `pipeline`.
struct NssPipelineTextOptions : mlir::PassPipelineOptions<NssPipelineTextOptions> {
  NssPipelineTextOptions() { declareRows<PipelineOpt>(*this, "pipeline", owned, options); }
  std::vector<std::shared_ptr<void>> owned;
  std::vector<Declared> options;
};

/// The pipeline's passes in order: the tag of the options each takes, its
/// factory, and how typed options reach it.
struct Stage {
  const char *tag;
  std::unique_ptr<mlir::Pass> (*create)();
  void (*setFromText)(mlir::Pass &, const std::string &);
};
template <typename Shell> void setFromText(mlir::Pass &pass, const std::string &text) {
  static_cast<Shell &>(pass).setFromText(text);
}
const Stage kStages[] = {
    {TorqAnnotateDmaAndSliceCyclesPass::kTag, createTorqAnnotateDmaAndSliceCycles,
     setFromText<TorqAnnotateDmaAndSliceCyclesPass>},
    {TorqPrefetchInputsPass::kTag, createTorqPrefetchInputs,
     setFromText<TorqPrefetchInputsPass>},
    {TorqAddDeallocationPass::kTag, createTorqAddDeallocation,
     setFromText<TorqAddDeallocationPass>},
    {TorqRecoverLramResidencyPass::kTag, createTorqRecoverLramResidency,
     setFromText<TorqRecoverLramResidencyPass>},
    {TorqAssignLramAddressesPass::kTag, createTorqAssignLramAddresses,
     setFromText<TorqAssignLramAddressesPass>},
};

/// The pass manager on func.func: `pm` itself when it is one, else nested.
mlir::OpPassManager &onFunctions(mlir::OpPassManager &pm) {
  std::optional<llvm::StringRef> name = pm.getOpName();
  if (name && *name == mlir::func::FuncOp::getOperationName())
    return pm;
  return pm.nest<mlir::func::FuncOp>();
}
} // namespace
} // namespace torq

//===----------------------------------------------------------------------===//
// The C++ API (torq-sched/Passes.h)
//===----------------------------------------------------------------------===//

namespace torq::sched {
namespace {
template <typename Shell, typename Options>
std::unique_ptr<mlir::Pass> createWith(std::unique_ptr<mlir::Pass> pass, const Options &o) {
  static_cast<Shell *>(pass.get())->setFromText(optionsText(o));
  return pass;
}
} // namespace

std::unique_ptr<mlir::Pass>
createAnnotateDmaAndSliceCyclesPass(const AnnotateDmaAndSliceCyclesOptions &o) {
  return createWith<torq::TorqAnnotateDmaAndSliceCyclesPass>(
      torq::createTorqAnnotateDmaAndSliceCycles(), o);
}
std::unique_ptr<mlir::Pass> createPrefetchInputsPass(const PrefetchInputsOptions &o) {
  return createWith<torq::TorqPrefetchInputsPass>(torq::createTorqPrefetchInputs(), o);
}
std::unique_ptr<mlir::Pass> createAddDeallocationPass(const AddDeallocationOptions &o) {
  return createWith<torq::TorqAddDeallocationPass>(torq::createTorqAddDeallocation(), o);
}
std::unique_ptr<mlir::Pass> createRecoverLramResidencyPass(const RecoverLramResidencyOptions &o) {
  return createWith<torq::TorqRecoverLramResidencyPass>(torq::createTorqRecoverLramResidency(),
                                                        o);
}
std::unique_ptr<mlir::Pass> createAssignLramAddressesPass(const AssignLramAddressesOptions &o) {
  return createWith<torq::TorqAssignLramAddressesPass>(torq::createTorqAssignLramAddresses(), o);
}
std::unique_ptr<mlir::Pass> createVerifyLramPass(const VerifyLramOptions &o) {
  return createWith<torq::TorqVerifyLramPass>(torq::createTorqVerifyLram(), o);
}

void buildNssPipeline(mlir::OpPassManager &funcPm, const NssPipelineOptions &o) {
  for (const torq::Stage &stage : torq::kStages) {
    // Each pass takes the pipeline's value of every option it shares.
    std::string text;
    o.forEach([&](const char *arg, const auto &value) {
      const Row *row = rowOf(arg);
      if (row && inScope(*row, stage.tag))
        text += std::string(arg) + "=" + optionText(value) + " ";
    });
    std::unique_ptr<mlir::Pass> pass = stage.create();
    stage.setFromText(*pass, text);
    funcPm.addPass(std::move(pass));
  }
}

namespace {
/// Gives every torq-sched pass that `pm` runs (nested pipelines included)
/// the run's number before it runs; a pass is known by its TypeID.
struct RunNumbering final : mlir::PassInstrumentation {
  explicit RunNumbering(unsigned index) : index(index) {}
  template <typename Shell> bool number(mlir::Pass *pass) {
    if (pass->getTypeID() != mlir::TypeID::get<Shell>())
      return false;
    static_cast<Shell *>(pass)->setRunIndex(index);
    return true;
  }
  void runBeforePass(mlir::Pass *pass, mlir::Operation *) override {
    (void)(number<torq::TorqAnnotateDmaAndSliceCyclesPass>(pass) ||
           number<torq::TorqPrefetchInputsPass>(pass) ||
           number<torq::TorqAddDeallocationPass>(pass) ||
           number<torq::TorqRecoverLramResidencyPass>(pass) ||
           number<torq::TorqAssignLramAddressesPass>(pass) ||
           number<torq::TorqVerifyLramPass>(pass));
  }
  unsigned index;
};
} // namespace

void numberRun(mlir::PassManager &pm, unsigned index) {
  if (index != 0)
    pm.addInstrumentation(std::make_unique<RunNumbering>(index));
}

std::string checkOptions(const NssPipelineOptions &o) {
  std::string problem;
  o.forEach([&](const char *arg, const auto &value) {
    std::string why;
    if (problem.empty() && !checkValue(arg, valueText(value), why))
      problem = "option '" + std::string(arg) + "': " + why;
  });
  return problem;
}
} // namespace torq::sched

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

namespace {
/// Registers `create`'s pass unless a pass of its argument is registered.
void registerUnlessTaken(std::unique_ptr<mlir::Pass> (*create)()) {
  std::string arg = create()->getArgument().str();
  if (!mlir::PassInfo::lookup(arg))
    mlir::registerPass(create);
}
} // namespace

extern "C" void torqRegisterPasses(void) {
  static bool done = [] {
    registerUnlessTaken(torq::createTorqAnnotateDmaAndSliceCycles);
    registerUnlessTaken(torq::createTorqPrefetchInputs);
    registerUnlessTaken(torq::createTorqAddDeallocation);
    registerUnlessTaken(torq::createTorqRecoverLramResidency);
    registerUnlessTaken(torq::createTorqAssignLramAddresses);
    registerUnlessTaken(torq::createTorqVerifyLram);
    if (mlir::PassPipelineInfo::lookup("torq-nss-pipeline"))
      return true;
    mlir::registerPassPipeline(
        "torq-nss-pipeline",
        "The NSS scheduling stage: annotate -> prefetch -> add-deallocation -> "
        "recover-lram-residency -> assign-lram-addresses",
        [](mlir::OpPassManager &pm, llvm::StringRef text,
           llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler) {
          torq::NssPipelineTextOptions o;
          std::string err, value;
          llvm::raw_string_ostream os(err);
          errorSink = &value;
          mlir::LogicalResult parsed = o.parseFromString(text, os);
          errorSink = nullptr;
          if (mlir::failed(parsed))
            return errorHandler("torq-nss-pipeline: " +
                                (value.empty() ? renamedError(os.str()) : value));
          mlir::OpPassManager &fpm = torq::onFunctions(pm);
          for (const torq::Stage &stage : torq::kStages) {
            // The options given to the pipeline that the pass takes; the
            // pass fills the others from global flags (if any) itself.
            std::string given;
            for (const Declared &d : o.options)
              if (d.given() && inScope(kRows[d.row], stage.tag))
                given += std::string(kRows[d.row].arg) + "=" + d.text() + " ";
            std::unique_ptr<mlir::Pass> pass = stage.create();
            if (mlir::failed(pass->initializeOptions(given, errorHandler)))
              return mlir::failure();
            fpm.addPass(std::move(pass));
          }
          return mlir::success();
        },
        [](llvm::function_ref<void(const mlir::detail::PassOptions &)> handler) {
          handler(torq::NssPipelineTextOptions());
        });
    return true;
  }();
  (void)done;
}

extern "C" void torqRegisterCommandLineOptions(void) {
  static bool done = [] {
    createGlobalFlags();
    return true;
  }();
  (void)done;
}

extern "C" const char *torqSchedVersion(void) {
  static const std::string version(torq::bridge::version());
  return version.c_str();
}
