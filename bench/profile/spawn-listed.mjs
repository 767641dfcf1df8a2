// One server's spawn → listed in this process, with a timeline of the wire and the client's CPU,
// and optionally a CPU profile of that window only (module loading is done before the clock).
//   node bench/profile/spawn-listed.mjs <contender> [--era-cache DIR] [--prof FILE.cpuprofile]
// Prints one JSON line: wall and CPU of connect, and each event's offset from the clock's start
// (spawned, stdin writes with their JSON-RPC method, stdout chunks with the ids they answer).
import childProcess from "node:child_process";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { syncBuiltinESMExports } from "node:module";
import { stdioServer } from "@toolnexus/fixtures";
import { contender } from "../lib/contenders.mjs";

const args = process.argv.slice(2);
const name = args[0] ?? "toolnexus core";
const flag = (f) => (args.includes(f) ? args[args.indexOf(f) + 1] : undefined);
const cacheDir = flag("--era-cache");
const profFile = flag("--prof");

let t0 = 0;
const events = [];
const mark = (what) => events.push([Math.round((performance.now() - t0) * 10) / 10, what]);
const describe = (text) => {
  const out = [];
  for (const line of String(text).split("\n")) {
    if (!line.trim()) continue;
    try {
      const m = JSON.parse(line);
      out.push(m.method ?? `result#${m.id}`);
    } catch {
      out.push(`?${line.length}B`);
    }
  }
  return out.join(",");
};
const realSpawn = childProcess.spawn;
childProcess.spawn = function spawn(...a) {
  mark("spawn() called");
  const child = realSpawn.apply(this, a);
  mark("spawn() returned");
  child.once("spawn", () => mark("child 'spawn' event"));
  const write = child.stdin.write.bind(child.stdin);
  child.stdin.write = (chunk, ...rest) => {
    mark(`→ ${describe(chunk)}`);
    return write(chunk, ...rest);
  };
  child.stdout.prependListener("data", (chunk) => mark(`← ${describe(chunk)}`));
  return child;
};
syncBuiltinESMExports();

const c = contender(name);
await c.preload();
const servers = { one: stdioServer("basic") };
const options = cacheDir ? { cacheDir } : {};
let inspector;
if (profFile) {
  inspector = new Session();
  inspector.connect();
  await inspector.post("Profiler.setSamplingInterval", { interval: 500 });
  await inspector.post("Profiler.enable");
  await inspector.post("Profiler.start");
}
const cpu0 = process.cpuUsage();
t0 = performance.now();
const t0Us = Number(process.hrtime.bigint() / 1000n);
const conn = await c.connect(servers, options);
const connectedMs = performance.now() - t0;
mark("connect resolved");
const cpu = process.cpuUsage(cpu0);
if (inspector) {
  const { profile } = await inspector.post("Profiler.stop");
  writeFileSync(profFile, JSON.stringify(profile));
}
await conn.close();
console.log(
  JSON.stringify({
    name,
    eraCached: Boolean(cacheDir),
    connectedMs: Math.round(connectedMs * 10) / 10,
    cpuMs: Math.round((cpu.user + cpu.system) / 100) / 10,
    t0Us,
    events,
  }),
);
process.exit(0);
