// One memory sample in a fresh process run with --expose-gc (see child.mjs): connect a contender
// to `servers`, make sure it holds every tool (converted, for the adapters), collect garbage, and
// report this process's RSS and heap. Or, with `cycles`, restart one server that many times
// through the core and report the heap before and after.
import { fileURLToPath } from "node:url";
import { childMain } from "./child-main.mjs";
import { contender } from "./contenders.mjs";

const MiB = 2 ** 20;
function settledMemory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rssMiB: rss / MiB, heapMiB: heapUsed / MiB };
}

async function restartCycles(cycles) {
  const tiny = {
    command: process.execPath,
    args: [fileURLToPath(new URL("./tiny-server.mjs", import.meta.url))],
  };
  const conn = await contender("toolnexus core").connect({ tiny });
  try {
    const echo = conn.tools().get("tiny/echo");
    const cycle = async () => {
      await conn.source.restart("tiny");
      await echo({ text: "after restart" });
    };
    for (let i = 0; i < 10; i++) await cycle(); // warm-up: code paths compiled, pools filled
    const before = settledMemory();
    for (let i = 0; i < cycles; i++) await cycle();
    const after = settledMemory();
    return { heapBeforeMiB: before.heapMiB, heapAfterMiB: after.heapMiB };
  } finally {
    await conn.close();
  }
}

childMain(async ({ name, servers, expectTools, cycles }) => {
  if (cycles) return restartCycles(cycles);
  const conn = await contender(name).connect(servers);
  try {
    const held = conn.tools().size;
    if (held !== expectTools) throw new Error(`${name} holds ${held} tools, expected ${expectTools}`);
    return settledMemory();
  } finally {
    await conn.close();
  }
});
