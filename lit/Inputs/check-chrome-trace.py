"""Checks a Chrome trace file against the Trace Event Format's rules as
Perfetto and chrome://tracing read the JSON Object Format: a top-level
object with a `traceEvents` array; every event an object with a known `ph`
and integer `pid` and `tid`; complete events ("X") with a name and numeric
`ts` >= 0 and `dur` >= 0; counters ("C") with numeric args; metadata ("M")
of a known name with its argument; every process and every track that
carries an event named; `displayTimeUnit`, if present, "ms" or "ns".
Prints the processes and tracks, one per line, for FileCheck; exits 1 on
the first violation."""
import json
import sys

def fail(msg):
    print("invalid Chrome trace: " + msg)
    sys.exit(1)

with open(sys.argv[1]) as f:
    doc = json.load(f)
if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
    fail("no top-level traceEvents array")
if doc.get("displayTimeUnit", "ms") not in ("ms", "ns"):
    fail("displayTimeUnit is neither ms nor ns")
num = (int, float)
processes, threads, used = {}, {}, set()
for i, e in enumerate(doc["traceEvents"]):
    if not isinstance(e, dict):
        fail(f"event {i} is not an object")
    ph = e.get("ph")
    if ph not in ("X", "C", "M", "B", "E", "i", "I"):
        fail(f"event {i}: unknown ph {ph!r}")
    if not isinstance(e.get("pid"), int) or not isinstance(e.get("tid"), int):
        fail(f"event {i}: pid and tid must be integers")
    if not isinstance(e.get("name"), str):
        fail(f"event {i}: no name")
    key = (e["pid"], e["tid"])
    if ph == "M":
        args = e.get("args", {})
        if e["name"] in ("process_name", "thread_name"):
            if not isinstance(args.get("name"), str):
                fail(f"event {i}: {e['name']} without args.name")
            (processes if e["name"] == "process_name" else threads)[
                e["pid"] if e["name"] == "process_name" else key] = args["name"]
        elif e["name"] in ("process_sort_index", "thread_sort_index"):
            if not isinstance(args.get("sort_index"), int):
                fail(f"event {i}: {e['name']} without an integer args.sort_index")
        else:
            fail(f"event {i}: unknown metadata {e['name']!r}")
        continue
    if not isinstance(e.get("ts"), num) or e["ts"] < 0:
        fail(f"event {i}: ts must be a number >= 0")
    if ph == "X":
        if not isinstance(e.get("dur"), num) or e["dur"] < 0:
            fail(f"event {i}: a complete event needs dur >= 0")
        used.add(key)
    if ph == "C":
        args = e.get("args")
        if not isinstance(args, dict) or not args or not all(isinstance(v, num) for v in args.values()):
            fail(f"event {i}: a counter needs numeric args")
    if e["pid"] not in processes:
        fail(f"event {i}: process {e['pid']} has no process_name before it")
for key in sorted(used):
    if key not in threads:
        fail(f"track {key} carries events but has no thread_name")
for pid in sorted(processes):
    print(f"process {pid}: {processes[pid]}")
    for (p, t) in sorted(threads):
        if p == pid:
            print(f"  track {t}: {threads[(p, t)]}")
print("valid Chrome trace")
