//===- TorqPasses.cpp - C++ shells of the Rust passes ----------------------===//
//
// Passes.td declares every pass; mlir-tblgen generates its base class. The
// options come from one table, TorqOptions.def: each shell declares the rows
// of its pass as MLIR pass options (so `--help`, the textual pipeline form and
// cloning work as for any MLIR pass), torq-nss-pipeline declares the rows
// tagged `pipeline`, and the rows tagged `global` are also command-line flags
// of whatever tool links the passes.
//
// runOnOperation forwards to Rust (torqRsRunPass in src/ffi.rs) with the
// pass's textual form `argument{option=value ...}`, every option of the pass
// in it, each value chosen as: the pass's own option when it was given (on
// the pass or through the pipeline), else the global flag when it was given,
// else the table's default. The Rust side finds ops by name and attributes,
// never through this project's C++ classes, so the same shells work inside a
// host compiler that has its own torq_hl dialect.
//
//===----------------------------------------------------------------------===//

#include "TorqCAPI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

extern "C" {
/// Implemented in Rust (src/ffi.rs). Returns false when the pass failed (it
/// has emitted its diagnostics then). `run` is the state the instances of one
/// pass share in a run (its report and trace files).
bool torqRsRunPass(MlirOperation op, MlirStringRef passText, void *run);
void *torqRsNewRun(void);
void torqRsFreeRun(void *run);

/// A remark (severity 0), warning (1) or error (2) at `loc`, for the Rust
/// passes: MLIR's C API can emit only errors.
void torqEmitDiagnostic(MlirLocation loc, int severity, MlirStringRef message) {
  mlir::Location l = unwrap(loc);
  llvm::StringRef m(message.data, message.length);
  switch (severity) {
  case 0:
    mlir::emitRemark(l) << m;
    break;
  case 1:
    mlir::emitWarning(l) << m;
    break;
  default:
    mlir::emitError(l) << m;
    break;
  }
}
}

namespace {
enum class Kind { Int, Bool, String };

/// One row of TorqOptions.def.
struct Row {
  const char *arg;
  Kind kind;
  const char *def;
  int64_t lo, hi;
  const char *choices;
  const char *scope;
  const char *doc;
};

const Row kRows[] = {
#define TORQ_OPTION(ARG, KIND, DEF, LO, HI, CHOICES, SCOPE, DOC)                                  \
  {ARG, Kind::KIND, DEF, LO, HI, CHOICES, SCOPE, DOC},
#include "TorqOptions.def"
#undef TORQ_OPTION
};
constexpr size_t kNumRows = sizeof(kRows) / sizeof(kRows[0]);

bool inScope(const Row &row, llvm::StringRef tag) {
  llvm::SmallVector<llvm::StringRef, 8> tags;
  llvm::StringRef(row.scope).split(tags, ' ', -1, false);
  return llvm::is_contained(tags, tag);
}

/// The help text of a row: its doc, then its range or choices and default.
/// Built once; cl::desc keeps a reference.
const std::string &description(size_t i) {
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> out;
    for (const Row &r : kRows) {
      std::string s = r.doc;
      s += " (";
      if (r.kind == Kind::Int)
        s += std::to_string(r.lo) + ".." + std::to_string(r.hi) + "; ";
      if (*r.choices)
        s += std::string(r.choices) + "; ";
      s += "default ";
      s += *r.def ? r.def : "\"\"";
      s += ")";
      out.push_back(std::move(s));
    }
    return out;
  }();
  return texts[i];
}

int64_t intDefault(const Row &r) { return std::strtoll(r.def, nullptr, 10); }
bool boolDefault(const Row &r) { return llvm::StringRef(r.def) == "true"; }

/// A string value in the textual pipeline form Rust reads (quoted; single
/// quotes when the value has a double quote).
std::string quoted(const std::string &v) {
  char q = v.find('"') == std::string::npos ? '"' : '\'';
  return q + v + q;
}

/// An option declared from a row, type-erased: its value as text and whether
/// it was given.
struct Declared {
  size_t row;
  std::function<std::string()> text;
  std::function<bool()> given;
};

/// Declares the rows tagged `tag` as options of `owner` (a pass or pipeline
/// options), with `Opt<T>` the owner's option class template.
template <template <typename> class Opt, typename Owner>
void declareRows(Owner &owner, llvm::StringRef tag, std::vector<std::shared_ptr<void>> &owned,
                 std::vector<Declared> &out) {
  for (size_t i = 0; i < kNumRows; ++i) {
    const Row &r = kRows[i];
    if (!inScope(r, tag))
      continue;
    llvm::cl::desc desc(description(i));
    switch (r.kind) {
    case Kind::Int: {
      auto o = std::make_shared<Opt<int64_t>>(owner, r.arg, desc, llvm::cl::init(intDefault(r)));
      out.push_back({i, [o] { return std::to_string(o->getValue()); },
                     [o] { return o->hasValue(); }});
      owned.push_back(o);
      break;
    }
    case Kind::Bool: {
      auto o = std::make_shared<Opt<bool>>(owner, r.arg, desc, llvm::cl::init(boolDefault(r)));
      out.push_back({i, [o] { return std::string(o->getValue() ? "true" : "false"); },
                     [o] { return o->hasValue(); }});
      owned.push_back(o);
      break;
    }
    case Kind::String: {
      auto o = std::make_shared<Opt<std::string>>(owner, r.arg, desc,
                                                  llvm::cl::init(std::string(r.def)));
      out.push_back({i, [o] { return quoted(o->getValue()); }, [o] { return o->hasValue(); }});
      owned.push_back(o);
      break;
    }
    }
  }
}

/// The global flags, one per row tagged `global` (null elsewhere), created
/// by torqRegisterPasses before the tool parses its command line.
struct GlobalFlags {
  std::vector<std::unique_ptr<llvm::cl::Option>> flags;
  std::vector<std::function<std::string()>> text;
};
GlobalFlags &globals() {
  static GlobalFlags g;
  return g;
}

void createGlobalFlags() {
  GlobalFlags &g = globals();
  g.flags.resize(kNumRows);
  g.text.resize(kNumRows);
  for (size_t i = 0; i < kNumRows; ++i) {
    const Row &r = kRows[i];
    if (!inScope(r, "global"))
      continue;
    llvm::cl::desc desc(description(i));
    switch (r.kind) {
    case Kind::Int: {
      auto *o = new llvm::cl::opt<int64_t>(llvm::StringRef(r.arg), desc, llvm::cl::init(intDefault(r)));
      g.text[i] = [o]() -> std::string {
        return o->getNumOccurrences() ? std::to_string(o->getValue()) : std::string();
      };
      g.flags[i].reset(o);
      break;
    }
    case Kind::Bool: {
      auto *o = new llvm::cl::opt<bool>(llvm::StringRef(r.arg), desc, llvm::cl::init(boolDefault(r)));
      g.text[i] = [o]() -> std::string {
        return o->getNumOccurrences() ? std::string(o->getValue() ? "true" : "false")
                                      : std::string();
      };
      g.flags[i].reset(o);
      break;
    }
    case Kind::String: {
      auto *o = new llvm::cl::opt<std::string>(llvm::StringRef(r.arg), desc, llvm::cl::init(std::string(r.def)));
      g.text[i] = [o]() -> std::string {
        return o->getNumOccurrences() ? quoted(o->getValue()) : std::string();
      };
      g.flags[i].reset(o);
      break;
    }
    }
  }
}

/// The value of global flag `row` as pipeline text, or "" when not given.
std::string globalText(size_t row) {
  GlobalFlags &g = globals();
  if (row >= g.text.size() || !g.text[row])
    return {};
  return g.text[row]();
}

template <typename T> using PassOpt = mlir::Pass::Option<T>;
template <typename T> using PipelineOpt = mlir::detail::PassOptions::Option<T>;
} // namespace

namespace torq {
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
  RustPass() : run(torqRsNewRun(), torqRsFreeRun) { declare(); }
  /// Clones (the pass manager's, per thread) declare the same options in the
  /// same order (MLIR then copies their values) and share the run's state.
  RustPass(const RustPass &other) : Base<Derived>(other), run(other.run) { declare(); }

  void runOnOperation() override {
    std::string text = this->getArgument().str() + "{";
    for (const Declared &d : options) {
      std::string value = d.given() ? d.text() : globalText(d.row);
      if (value.empty())
        value = d.text();
      text += std::string(kRows[d.row].arg) + "=" + value + " ";
    }
    text += "}";
    if (!torqRsRunPass(wrap(this->getOperation()), MlirStringRef{text.data(), text.size()},
                       run.get()))
      this->signalPassFailure();
  }

private:
  void declare() { declareRows<PassOpt>(*this, Derived::kTag, owned, options); }
  std::shared_ptr<void> run;
  std::vector<std::shared_ptr<void>> owned;
  std::vector<Declared> options;
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

#define GEN_PASS_REGISTRATION
#include "TorqPasses.h.inc"

/// Options of torq-nss-pipeline: the rows tagged `pipeline`.
struct NssPipelineOptions : mlir::PassPipelineOptions<NssPipelineOptions> {
  NssPipelineOptions() { declareRows<PipelineOpt>(*this, "pipeline", owned, options); }
  std::vector<std::shared_ptr<void>> owned;
  std::vector<Declared> options;
};

/// Adds `pass` to `fpm` with the pipeline options given explicitly that it
/// takes (the others stay unset, so global flags and defaults apply).
static mlir::LogicalResult
addWith(mlir::OpPassManager &fpm, std::unique_ptr<mlir::Pass> pass, const char *tag,
        const NssPipelineOptions &o,
        llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler) {
  std::string text;
  for (const Declared &d : o.options)
    if (d.given() && inScope(kRows[d.row], tag))
      text += std::string(kRows[d.row].arg) + "=" + d.text() + " ";
  if (!text.empty() && mlir::failed(pass->initializeOptions(text, errorHandler)))
    return mlir::failure();
  fpm.addPass(std::move(pass));
  return mlir::success();
}

static mlir::LogicalResult
buildNssPipeline(mlir::OpPassManager &pm, const NssPipelineOptions &o,
                 llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler) {
  auto &fpm = pm.nest<mlir::func::FuncOp>();
  if (mlir::failed(addWith(fpm, createTorqAnnotateDmaAndSliceCycles(),
                           TorqAnnotateDmaAndSliceCyclesPass::kTag, o, errorHandler)) ||
      mlir::failed(addWith(fpm, createTorqPrefetchInputs(), TorqPrefetchInputsPass::kTag, o,
                           errorHandler)) ||
      mlir::failed(addWith(fpm, createTorqAddDeallocation(), TorqAddDeallocationPass::kTag, o,
                           errorHandler)) ||
      mlir::failed(addWith(fpm, createTorqRecoverLramResidency(),
                           TorqRecoverLramResidencyPass::kTag, o, errorHandler)) ||
      mlir::failed(addWith(fpm, createTorqAssignLramAddresses(),
                           TorqAssignLramAddressesPass::kTag, o, errorHandler)))
    return mlir::failure();
  return mlir::success();
}
} // namespace torq

extern "C" void torqRegisterPasses(void) {
  static bool done = [] {
    createGlobalFlags();
    torq::registerTorqPasses();
    mlir::registerPassPipeline(
        "torq-nss-pipeline",
        "The NSS scheduling stage: annotate -> prefetch -> add-deallocation -> "
        "recover-lram-residency -> assign-lram-addresses",
        [](mlir::OpPassManager &pm, llvm::StringRef text,
           llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler) {
          torq::NssPipelineOptions o;
          std::string err;
          llvm::raw_string_ostream os(err);
          if (mlir::failed(o.parseFromString(text, os)))
            return errorHandler(os.str());
          return torq::buildNssPipeline(pm, o, errorHandler);
        },
        [](llvm::function_ref<void(const mlir::detail::PassOptions &)> handler) {
          handler(torq::NssPipelineOptions());
        });
    return true;
  }();
  (void)done;
}
