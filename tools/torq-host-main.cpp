//===- torq-host-main.cpp - a host tool built by CMake ---------------------===//
//
// Stands in for a host compiler in CI: its own main, MLIR linked once by
// CMake, the torq dialects compiled by CMake, and the Rust passes from the
// cargo-built static library (which carries no MLIR) registered through
// torqRegisterPasses() inside torqOptMain.
//
//===----------------------------------------------------------------------===//
extern "C" int torqOptMain(int argc, char **argv);
extern "C" void torqInitDebugLog(void);

int main(int argc, char **argv) {
  // TORQ_LOG, as in the cargo-built torq-opt.
  torqInitDebugLog();
  return torqOptMain(argc, argv);
}
