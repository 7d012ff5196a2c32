# lit configuration of torq-sched. Tools: torq-opt from TORQ_OPT_DIR (default:
# this checkout's target/debug, or the CMake build dir for the host path),
# FileCheck and not from LLVM 22 (TORQ_LLVM_PREFIX, default /usr/lib/llvm-22).
import os

import lit.formats

config.name = "torq-sched"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)

root = os.path.dirname(config.test_source_root)
tool_dir = os.environ.get("TORQ_OPT_DIR", os.path.join(root, "target", "debug"))
llvm_bin = os.path.join(os.environ.get("TORQ_LLVM_PREFIX", "/usr/lib/llvm-22"), "bin")
if not os.path.exists(os.path.join(tool_dir, "torq-opt")):
    lit_config.fatal("no torq-opt in %s (build it, or set TORQ_OPT_DIR)" % tool_dir)
config.environment["PATH"] = os.pathsep.join([tool_dir, llvm_bin, config.environment.get("PATH", "")])
import sys
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
