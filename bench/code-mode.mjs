// Benchmark (not a test): code mode (issue 47, goal 5; SPEC §22) against plain tool calling, with a
// scripted model (the same calls and programs every run).
// 1. Definitions: the characters of every tool definition a model is sent (`modelDefinitionText`)
//    for the catalog fixture's 10 sets × 50 tools (500 tools, 10 stdio servers), against code mode's
//    two tool definitions plus what `mcp_describe_tools` answers for the 2 tools the task uses.
// 2. A multi-step task on `fixtures/basic` (stdio): sum 1..N by N−1 `add` calls, each on the last
//    sum, then `echo` the total. Plain: every call a model turn, every result entering the context;
//    code mode: one `mcp_run_code` program, only its value returned. Calls, characters of
//    intermediate results that would enter the context, and wall time.
// 3. The sandbox: cold start (the first run in the process: the WebAssembly module's compile) and
//    warm start (median of `--warm` runs of `async () => 1`, a fresh runtime each).
// 4. Per-call overhead from inside the sandbox: time per `add` call made directly (`tool.execute`)
//    and from a program (`--calls` sequential calls in one run), rounds interleaved; median and
//    min–max over the rounds, wall and the host process's CPU (user + system); the same with the
//    run's start taken out (a run that makes no call, subtracted: what each further call costs); and
//    the bridge alone (the same program against host functions that do nothing, no server).
// 5. A program that computes: one call returning `--rows` rows (a host function, no server), then
//    sums and filters them `--passes` times; the same work in the host's own JavaScript beside it.
// 3–5 run for QuickJS and, when `isolated-vm` can be imported, for the isolated-vm executor too, in
// the same rounds (QuickJS first, then isolated-vm, each round). To use the pinned copy that
// scripts/isolated-vm/run.sh installs, start node with its resolve hook:
//   node [--import ./scripts/isolated-vm/resolve-isolated-vm.mjs] bench/code-mode.mjs [--rounds 7]
//     [--calls 50] [--steps 20] [--warm 50] [--rows 20000] [--passes 50] [--no-catalog]
//   (after `npm run build`; prints figures, writes nothing)
import { parseArgs } from "node:util";
import { stdioServer } from "@toolnexus/fixtures";
import { catalogConfig } from "@toolnexus/fixtures/catalog";
import { loadMcp } from "@toolnexus/mcp-core";
import { modelDefinitionText } from "@toolnexus/mcp-core/adapter";
import {
  createCodeModeTools,
  createIsolatedVmExecutor,
  createQuickJsExecutor,
} from "@toolnexus/mcp-core/code-mode";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "7" },
    calls: { type: "string", default: "50" },
    steps: { type: "string", default: "20" },
    warm: { type: "string", default: "50" },
    rows: { type: "string", default: "20000" },
    passes: { type: "string", default: "50" },
    "no-catalog": { type: "boolean", default: false },
  },
});
const rounds = Number(values.rounds);
const calls = Number(values.calls);
const steps = Number(values.steps);
const warmRuns = Number(values.warm);
const options = { toolCache: null, taskStore: null, pinStore: null };
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const ms = (n) => `${n.toFixed(2)} ms`;
const limits = { timeoutMs: 60_000, cpuTimeMs: 10_000 };
const executor = createQuickJsExecutor(limits);
const fast = createIsolatedVmExecutor(limits);
const importStarted = performance.now();
const ivmMissing = await fast.ready().then(
  () => undefined,
  (error) => error.message,
);
/** The executors measured: QuickJS always, isolated-vm when it loads. */
const executors = [["QuickJS", executor]];
const importMs = performance.now() - importStarted;
if (ivmMissing === undefined) {
  executors.push(["isolated-vm", fast]);
  // Its cold start below is then a first isolate, the native module already loaded.
  console.log(`isolated-vm: import of the native module ${ms(importMs)}`);
} else console.log(`isolated-vm: left out (${ivmMissing})`);
console.log(
  `load average ${(await import("node:os"))
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);

// 3 first: the cold start is the first run in this process.
for (const [name, sandbox] of executors) {
  let started = performance.now();
  await sandbox.execute("async () => 1", {});
  const cold = performance.now() - started;
  const warm = [];
  for (let i = 0; i < warmRuns; i++) {
    started = performance.now();
    await sandbox.execute("async () => 1", {});
    warm.push(performance.now() - started);
  }
  console.log(`${name} sandbox start: cold ${ms(cold)}, warm median ${ms(median(warm))} (${warmRuns} runs)`);
}
let started;

// 1. Definitions at 500 tools.
if (!values["no-catalog"]) {
  const catalog = await loadMcp(catalogConfig({}), options);
  await catalog.whenSettled();
  const plainChars = catalog.tools.reduce((n, tool) => n + modelDefinitionText(tool).length, 0);
  const codeTools = createCodeModeTools(catalog, { executor });
  const codeChars = codeTools.reduce((n, tool) => n + modelDefinitionText(tool).length, 0);
  const used = catalog.tools.slice(0, 2).map((t) => `${t.server}.${t.rawName}`);
  const described = (await codeTools[1].execute({ names: used })).text.length;
  const index = (await codeTools[1].execute({})).text.length;
  console.log(
    `definitions, ${catalog.tools.length} tools: plain ${plainChars} chars; code mode ${codeChars} (two tools) + ${described} (declarations of the 2 tools used) = ${codeChars + described} (${(100 * (1 - (codeChars + described) / plainChars)).toFixed(1)} % fewer); the whole index, if read: ${index}`,
  );
  await catalog.close();
}

// 2 and 4 on the basic fixture.
const source = await loadMcp({ mcpServers: { basic: stdioServer("basic") } }, options);
await source.whenSettled();
const add = source.tools.find((t) => t.rawName === "add");
const echo = source.tools.find((t) => t.rawName === "echo");
const [runCode] = createCodeModeTools(source, { executor, maxCalls: steps + 1 });

started = performance.now();
let intermediate = 0;
let sum = 1;
for (let i = 2; i <= steps; i++) {
  const result = await add.execute({ a: sum, b: i });
  intermediate += result.text.length;
  sum = result.structuredContent.sum;
}
const plainFinal = await echo.execute({ text: `total ${sum}` });
intermediate += plainFinal.text.length;
const plainWall = performance.now() - started;
started = performance.now();
const program = `async () => { let sum = 1; for (let i = 2; i <= ${steps}; i++) sum = (await codemode.basic.add({ a: sum, b: i })).sum; return await codemode.basic.echo({ text: "total " + sum }); }`;
const coded = await runCode.execute({ code: program });
const codeWall = performance.now() - started;
console.log(
  `task (sum 1..${steps}, then echo): plain ${steps} calls, ${steps} model turns, ${intermediate} chars of results in the context, ${ms(plainWall)} of calls; code mode ${steps} calls, 1 model turn, ${coded.text.length} chars returned (${coded.text}), ${ms(codeWall)}`,
);

const direct = [];
const directCpu = [];
/** Per executor: per-call wall and CPU from a program, the marginal cost, the bridge alone. */
const byExecutor = executors.map(([name, sandbox]) => ({
  name,
  sandbox,
  runCode: createCodeModeTools(source, { executor: sandbox, maxCalls: calls + 1 })[0],
  wall: [],
  cpu: [],
  marginal: [],
  bridge: [],
  bridgeCpu: [],
}));
const loop = `async () => { for (let i = 0; i < ${calls}; i++) await codemode.basic.add({ a: i, b: 1 }); return 1; }`;
const noop = { "basic.add": async () => ({ sum: 1 }) };
const bare = `async () => { for (let i = 0; i < ${calls}; i++) await codemode["basic.add"]({ a: i, b: 1 }); return 1; }`;
const cpuMs = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
for (let r = 0; r < rounds; r++) {
  const cpu = process.cpuUsage();
  started = performance.now();
  for (let i = 0; i < calls; i++) await add.execute({ a: i, b: 1 });
  direct.push((performance.now() - started) / calls);
  directCpu.push(cpuMs(cpu) / calls);
  // Alternate which executor goes first, so neither always runs right after the direct calls.
  for (const one of r % 2 === 0 ? byExecutor : [...byExecutor].reverse()) {
    const cpu = process.cpuUsage();
    started = performance.now();
    const out = await one.runCode.execute({ code: loop });
    if (out.isError) throw new Error(out.text);
    one.wall.push((performance.now() - started) / calls);
    one.cpu.push(cpuMs(cpu) / calls);
    const whole = performance.now() - started;
    started = performance.now();
    await one.runCode.execute({ code: "async () => 1" });
    one.marginal.push((whole - (performance.now() - started)) / calls);
    const bridgeCpu = process.cpuUsage();
    started = performance.now();
    const bridged = await one.sandbox.execute(bare, noop);
    if (bridged.error !== undefined) throw new Error(bridged.error);
    one.bridge.push((performance.now() - started) / calls);
    one.bridgeCpu.push(cpuMs(bridgeCpu) / calls);
  }
}
const spread = (xs) => `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;
const d = median(direct);
console.log(
  `per call (${calls} sequential, ${rounds} rounds, median (min–max)): direct ${spread(direct)}, host CPU ${spread(directCpu)}`,
);
for (const one of byExecutor)
  console.log(
    `  ${one.name}: from the sandbox ${spread(one.wall)}, ${(median(one.wall) / d).toFixed(2)}× with the run's start, ${spread(one.marginal)}, ${(median(one.marginal) / d).toFixed(2)}× without; host CPU ${spread(one.cpu)}; the bridge alone (no-op functions, start included) ${spread(one.bridge)}, CPU ${spread(one.bridgeCpu)}`,
  );
await source.close();

// 5. A program that computes over one large result.
const rowCount = Number(values.rows);
const passes = Number(values.passes);
const rows = Array.from({ length: rowCount }, (_, i) => ({ id: i, name: `row ${i}`, score: i % 97 }));
const work = `let total = 0; let names = 0;
  for (let pass = 0; pass < ${passes}; pass++) for (const row of rows) { total += row.score * (pass + 1); if (row.score === 96) names += row.name.length; }
  const top = rows.filter((row) => row.score > 90).map((row) => ({ id: row.id, name: row.name.toUpperCase() })).slice(0, 5);
  return { total, names, top };`;
const compute = `async () => { const { rows } = await codemode.rows({}); ${work} }`;
const inHost = new Function("rows", work);
const computeFns = { rows: async () => ({ rows }) };
const hostTimes = [];
const computeTimes = byExecutor.map(() => []);
let expected;
for (let r = 0; r < rounds; r++) {
  started = performance.now();
  expected = JSON.stringify(inHost(rows));
  hostTimes.push(performance.now() - started);
  for (const k of r % 2 === 0 ? byExecutor.keys() : [...byExecutor.keys()].reverse()) {
    const one = byExecutor[k];
    started = performance.now();
    const out = await one.sandbox.execute(compute, computeFns);
    computeTimes[k].push(performance.now() - started);
    if (JSON.stringify(out.result) !== expected)
      throw new Error(`${one.name}: ${out.error ?? "another value"}`);
  }
}
console.log(
  `a program that computes (one call returning ${rowCount} rows, ${passes} passes over them; ${rounds} rounds, median (min–max)): the host's own JavaScript ${spread(hostTimes)}; ${byExecutor.map((one, k) => `${one.name} ${spread(computeTimes[k])}`).join("; ")}`,
);
