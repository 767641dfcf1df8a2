// One contender, N sequential echo calls, nothing else, for callgrind: instruction counts do not
// depend on how loaded the machine is. Instrumentation is switched on (callgrind_control -i on) only
// after a warm-up and off after the N calls, so the total is the client's cost of N calls alone.
//   valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=out.%p \
//     node bench/profile/instructions.mjs core 300
//   node bench/profile/instructions.mjs coreBase 300 50 /path/to/other/dist/index.js
import { execFile } from "node:child_process";
import { baseCoreContender, contenders } from "./contenders.mjs";

// `textBytes`: the echoed text's length (a large result shows per-byte copies); `-` skips basePath.
const [name = "core", calls = "200", warmup = "50", basePath = "-", textBytes = "0"] = process.argv.slice(2);
if (basePath !== "-") contenders.coreBase = baseCoreContender(basePath);
const text = (i) => (Number(textBytes) > 0 ? String(i).padEnd(Number(textBytes), "x") : String(i));

/** Asks callgrind to switch collection; the event loop keeps running so valgrind can answer. */
function collect(on) {
  return new Promise((resolve) => {
    execFile(
      "callgrind_control",
      ["-i", on ? "on" : "off", String(process.pid)],
      { timeout: 300_000 },
      (error) => {
        if (error) console.error(`callgrind_control: ${error.message}`);
        resolve();
      },
    );
  });
}

const c = await contenders[name].open();
for (let i = 0; i < Number(warmup); i++) await c.call(text(i));
await collect(true);
for (let i = 0; i < Number(calls); i++) await c.call(text(i));
await collect(false);
await c.close();
