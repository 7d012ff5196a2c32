// Loads a Chrome trace file (torq-prefetch-trace) with
// @tracerbench/trace-model, a trace reader from the npm registry, and prints
// what it read, for FileCheck: per process its id and name, per thread its
// id, name and events by phase. Exits 1 when the reader refuses the file.
"use strict";
const fs = require("fs");
const { buildModel } = require("@tracerbench/trace-model");

const doc = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
let model;
try {
  model = buildModel(Array.isArray(doc) ? doc : doc.traceEvents);
} catch (e) {
  console.log(`trace-model refused the trace: ${e.message}`);
  process.exit(1);
}
for (const p of model.processes) {
  console.log(`process ${p.id}: ${p.name}`);
  for (const t of p.threads) {
    const phases = {};
    for (const e of t.events) phases[e.ph] = (phases[e.ph] || 0) + 1;
    const list = Object.keys(phases)
      .sort()
      .map((k) => `${k}=${phases[k]}`)
      .join(" ");
    console.log(`  thread ${t.id}: ${t.name}: ${list}`);
  }
}
console.log("read by trace-model");
