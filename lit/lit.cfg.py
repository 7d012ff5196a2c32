# lit configuration of torq-sched. Tools: torq-opt from TORQ_OPT_DIR (default:
# this checkout's target/debug, or the CMake build dir for the host path),
# FileCheck and not from LLVM 22 (TORQ_LLVM_PREFIX, default /usr/lib/llvm-22).
import os

import lit.formats

config.name = "torq-sched"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "lit.cfg.py", "foreign-host"]
config.test_source_root = os.path.dirname(__file__)

root = os.path.dirname(config.test_source_root)
tool_dir = os.path.abspath(os.environ.get("TORQ_OPT_DIR", os.path.join(root, "target", "debug")))
llvm_bin = os.path.join(os.environ.get("TORQ_LLVM_PREFIX", "/usr/lib/llvm-22"), "bin")
if not os.path.exists(os.path.join(tool_dir, "torq-opt")):
    lit_config.fatal("no torq-opt in %s (build it, or set TORQ_OPT_DIR)" % tool_dir)
path = [tool_dir, llvm_bin, config.environment.get("PATH", "")]
# Foreign-host mode (TORQ_FOREIGN_OPT=path/to/torq-foreign-opt): `torq-opt`
# in the RUN lines is lit/foreign-host/torq-opt, which runs every pass in the
# foreign host (torq_hl/torq_hw are not this project's dialects there) and
# uses this project's torq-opt only to convert to and from generic form.
foreign = os.environ.get("TORQ_FOREIGN_OPT")
if foreign:
    config.available_features.add("foreign-host")
    config.environment["TORQ_FOREIGN_OPT"] = os.path.abspath(foreign)
    config.substitutions.append(("%torq-foreign-opt", os.path.abspath(foreign)))
    config.environment["TORQ_REAL_OPT"] = os.path.join(os.path.abspath(tool_dir), "torq-opt")
    path.insert(0, os.path.join(config.test_source_root, "foreign-host"))
config.environment["PATH"] = os.pathsep.join(path)
import sys
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
# A trace file as a real trace reader loads it (@tracerbench/trace-model,
# installed by scripts/setup into tools/trace-check).
config.substitutions.append(("%check-trace", "node %s" % os.path.join(
    root, "tools", "trace-check", "check-trace.js")))
config.substitutions.append(("%check-report", "%s %s %s" % (
    sys.executable, os.path.join(config.test_source_root, "Inputs", "check-report.py"),
    os.path.join(root, "docs", "report.schema.json"))))
