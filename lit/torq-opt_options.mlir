// Option values are checked where they are parsed: one command-line error and
// exit 1, also on a module with no function, once however many functions.
// RUN: not torq-opt %s --torq-hw=bogus 2>&1 | FileCheck %s --check-prefix=GLOBAL
// GLOBAL: {{torq-opt|torq-foreign-opt}}: for the --torq-hw option: 'bogus' is invalid: invalid hardware description 'bogus'
// RUN: echo 'module {}' | not torq-opt --torq-nss-pipeline='torq-list-policy=fast' 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: torq-nss-pipeline: option 'torq-list-policy': 'fast' is invalid: expected one of portfolio
// A value that is not of its option's kind says so, inside a pipeline's
// text too; integers are decimal only (010 is ten, as Rust reads it).
// RUN: echo 'module {}' | not torq-opt --torq-nss-pipeline='torq-oracle-steps=1e3' 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: error: torq-nss-pipeline: option 'torq-oracle-steps': '1e3' is not a decimal integer
// RUN: echo 'module {}' | not torq-opt --torq-nss-pipeline='torq-prefetch-explain=maybe' 2>&1 | FileCheck %s --check-prefix=KIND-BOOL
// KIND-BOOL: error: torq-nss-pipeline: option 'torq-prefetch-explain': 'maybe' is not true or false
// RUN: echo 'module {}' | not torq-opt --torq-oracle-steps=1e3 2>&1 | FileCheck %s --check-prefix=KIND-FLAG
// KIND-FLAG: for the --torq-oracle-steps option: '1e3' is not a decimal integer
// RUN: echo 'module {}' | torq-opt --torq-nss-pipeline='torq-oracle-steps=010' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DECIMAL
// DECIMAL: torq-oracle-steps=10{{[ }]}}
// --help says what each effort level runs, where a level sets the option.
// RUN: torq-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --torq-list-policy=<string> {{.*}}default portfolio; at effort 0-3: fifo, portfolio, search, search]
// A string value the pass pipeline syntax cannot write back (the dump and a
// crash reproducer print it) is refused where it is parsed: both quote kinds,
// a brace.
// RUN: echo 'module {}' | not torq-opt --torq-nss-pipeline='torq-prefetch-report="a{b.json"' 2>&1 | FileCheck %s --check-prefix=BRACE
// BRACE: error: torq-nss-pipeline: option 'torq-prefetch-report': 'a{b.json' is invalid: it holds a brace
// A file name that is not UTF-8 is refused, as a flag, a pipeline option
// and a pass option, naming the option; nothing is written.
// RUN: rm -rf %t.utf8 && mkdir %t.utf8 && cd %t.utf8 && echo 'module {}' | not %python %inputs/run-bytes.py torq-opt '--torq-prefetch-report=a\xffb.json' 2>&1 | FileCheck %s --check-prefix=UTF8
// UTF8: for the --torq-prefetch-report option: the value is not valid UTF-8
// RUN: cd %t.utf8 && echo 'module {}' | not %python %inputs/run-bytes.py torq-opt '--torq-nss-pipeline=torq-prefetch-report=a\xffb.json' 2>&1 | FileCheck %s --check-prefix=UTF8-PIPE
// UTF8-PIPE: error: torq-nss-pipeline: option 'torq-prefetch-report': the value is not valid UTF-8
// RUN: cd %t.utf8 && echo 'module {}' | not %python %inputs/run-bytes.py torq-opt '--torq-prefetch-inputs=torq-prefetch-report=a\xffb.json' 2>&1 | FileCheck %s --check-prefix=UTF8-PASS
// UTF8-PASS: error: torq-prefetch-inputs: option 'torq-prefetch-report': the value is not valid UTF-8
// RUN: %python -c "import os, sys; sys.exit(len(os.listdir(r'%t.utf8')))"
// RUN: echo 'module {}' | not torq-opt "--torq-prefetch-trace=a'b\"c.json" 2>&1 | FileCheck %s --check-prefix=QUOTES
// QUOTES: for the --torq-prefetch-trace option: 'a'b"c.json' is invalid: it holds both quote kinds
// RUN: %python %inputs/many-functions.py 3 | not torq-opt --torq-nss-pipeline='torq-dma-in-mtu=99' 2>&1 | FileCheck %s --check-prefix=ONCE
// ONCE-COUNT-1: error:
// ONCE-NOT: error:

// A global flag is folded into each pass built from text: the pass pipeline
// shows the value that runs, and a pass option still beats the flag.
// RUN: not torq-opt %s --torq-hw=0:2:2:coral_v1:nss_v1 --torq-placement=first-fit --torq-nss-pipeline --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: torq-annotate-dma-and-slice-cycles{{.*}} torq-hw=0:2:2:coral_v1:nss_v1}
// DUMP: torq-prefetch-inputs{{.*}} torq-hw=0:2:2:coral_v1:nss_v1 {{.*}}torq-placement=first-fit
// DUMP: torq-assign-lram-addresses{{.*}} torq-hw=0:2:2:coral_v1:nss_v1 torq-lram-map= torq-placement=first-fit torq-placement-nodes=4000 torq-prefetch-effort=2}
// RUN: torq-opt %s --torq-hw=0:2:2:coral_v1:nss_v1 --torq-assign-lram-addresses='torq-hw=SL2610' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASS-WINS
// PASS-WINS: torq-assign-lram-addresses{{.*}} torq-hw=SL2610 torq-lram-map=

// Every option's name starts with torq-; an old spelling is an error that
// names the option now, as a pass option, a pipeline option or a flag.
// RUN: not torq-opt %s --torq-assign-lram-addresses='lram-map=m.svg' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RENAMED-PASS
// RENAMED-PASS: error: torq-assign-lram-addresses: option 'lram-map' is now 'torq-lram-map'
// RUN: not torq-opt %s --torq-nss-pipeline='placement=first-fit' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RENAMED-PIPELINE
// RENAMED-PIPELINE: error: torq-nss-pipeline: option 'placement' is now 'torq-placement'
// RUN: not torq-opt %s --torq-annotate-dma-and-slice-cycles='dma-in-mtu=4' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RENAMED-MTU
// RENAMED-MTU: error: torq-annotate-dma-and-slice-cycles: option 'dma-in-mtu' is now 'torq-dma-in-mtu'
// RUN: not torq-opt %s --placement-nodes=10 --torq-nss-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=RENAMED-FLAG
// RENAMED-FLAG: for the --placement-nodes option: is now '--torq-placement-nodes'
// RUN: torq-opt --help-hidden | FileCheck %s --check-prefix=RENAMED-HELP
// RENAMED-HELP-NOT: {{^  --(placement|lram-map|dma-in-mtu)}}
// RENAMED-HELP: --torq-lram-map=

// A crash reproducer made with global flags records their values and
// reproduces the failure without them: 1 KiB does not fit in the 768 usable
// bytes of a 2 KB target (and fits in SL2610's).
// RUN: not torq-opt %s --torq-hw=0:2:2:coral_v1:nss_v1 --torq-nss-pipeline --mlir-pass-pipeline-crash-reproducer=%t.repro.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILS
// FAILS: exceeds lram size 768 bytes
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro.mlir
// REPRO: pipeline: "builtin.module(func.func(torq-annotate-dma-and-slice-cycles{{.*}}torq-hw=0:2:2:coral_v1:nss_v1
// RUN: not torq-opt %t.repro.mlir --run-reproducer -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILS
// RUN: torq-opt %s --torq-nss-pipeline -o /dev/null

// --version names torq-sched, its version and commit.
// RUN: torq-opt --version | FileCheck %s --check-prefix=VERSION
// VERSION: torq-sched {{[0-9]+\.[0-9]+\.[0-9]+}} (commit {{[0-9a-f]+|unknown}})

func.func @one_kib(%x: memref<1024xi8>) {
  %l = memref.alloc() : memref<1024xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x : memref<1024xi8> to %l : memref<1024xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1024 : i64}
  return
}
