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
//   node bench/code-mode.mjs [--rounds 7] [--calls 50] [--steps 20] [--warm 50] [--no-catalog]
//   (after `npm run build`; prints figures, writes nothing)
import { parseArgs } from "node:util";
import { stdioServer } from "@toolnexus/fixtures";
import { catalogConfig } from "@toolnexus/fixtures/catalog";
import { loadMcp } from "@toolnexus/mcp-core";
import { modelDefinitionText } from "@toolnexus/mcp-core/adapter";
import { createCodeModeTools, createQuickJsExecutor } from "@toolnexus/mcp-core/code-mode";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "7" },
    calls: { type: "string", default: "50" },
    steps: { type: "string", default: "20" },
    warm: { type: "string", default: "50" },
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
const executor = createQuickJsExecutor({ timeoutMs: 60_000, cpuTimeMs: 10_000 });

// 3 first: the cold start is the first run in this process.
let started = performance.now();
await executor.execute("async () => 1", {});
const cold = performance.now() - started;
const warm = [];
for (let i = 0; i < warmRuns; i++) {
  started = performance.now();
  await executor.execute("async () => 1", {});
  warm.push(performance.now() - started);
}
console.log(`sandbox start: cold ${ms(cold)}, warm median ${ms(median(warm))} (${warmRuns} runs)`);

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
const [runCode] = createCodeModeTools(source, { executor, maxCalls: Math.max(calls, steps) + 1 });

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
const sandboxed = [];
const directCpu = [];
const sandboxedCpu = [];
const marginal = [];
const bridge = [];
const loop = `async () => { for (let i = 0; i < ${calls}; i++) await codemode.basic.add({ a: i, b: 1 }); return 1; }`;
const noop = { "basic.add": async () => ({ sum: 1 }) };
const bare = `async () => { for (let i = 0; i < ${calls}; i++) await codemode["basic.add"]({ a: i, b: 1 }); return 1; }`;
const cpuMs = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
for (let r = 0; r < rounds; r++) {
  let cpu = process.cpuUsage();
  started = performance.now();
  for (let i = 0; i < calls; i++) await add.execute({ a: i, b: 1 });
  direct.push((performance.now() - started) / calls);
  directCpu.push(cpuMs(cpu) / calls);
  cpu = process.cpuUsage();
  started = performance.now();
  const out = await runCode.execute({ code: loop });
  if (out.isError) throw new Error(out.text);
  sandboxed.push((performance.now() - started) / calls);
  sandboxedCpu.push(cpuMs(cpu) / calls);
  const whole = performance.now() - started;
  started = performance.now();
  await runCode.execute({ code: "async () => 1" });
  marginal.push((whole - (performance.now() - started)) / calls);
  started = performance.now();
  const bridged = await executor.execute(bare, noop);
  if (bridged.error !== undefined) throw new Error(bridged.error);
  bridge.push((performance.now() - started) / calls);
}
const spread = (xs) => `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;
const d = median(direct);
console.log(
  `per call (${calls} sequential, ${rounds} rounds, median (min–max)): direct ${spread(direct)}; from the sandbox ${spread(sandboxed)}, ${(median(sandboxed) / d).toFixed(2)}× with the run's start, ${spread(marginal)}, ${(median(marginal) / d).toFixed(2)}× without; host CPU direct ${spread(directCpu)}, sandbox ${spread(sandboxedCpu)}; the bridge alone (no-op functions, start included) ${spread(bridge)}`,
);
await source.close();
