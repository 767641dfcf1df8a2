// One start-up sample in a fresh process (see child.mjs): connect a contender to `servers`, time
// connect (the contender says it is ready) and the first `echo` result on `callKey`, close.
// With `fill: true`, fill the warm listing cache instead (ours, all lazy) and report nothing timed.
// With `cold: true`, nothing is loaded before the clock: connect includes the contender's imports.
import { waitFor } from "@toolnexus/fixtures";
import { childMain } from "./child-main.mjs";
import { contender } from "./contenders.mjs";

childMain(async ({ name, servers, options, callKey, fill, cold }) => {
  const c = contender(name);
  // Module loading is not start-up: every contender's modules are loaded before the clock (but for
  // the cold figure, a process's first load as a user's script meets it).
  if (!cold) await c.preload();
  const t0 = performance.now();
  const conn = await c.connect(servers, options);
  const connectedMs = performance.now() - t0;
  try {
    if (fill) {
      const count = Object.keys(servers).length;
      await waitFor(() => new Set(conn.source.tools.map((t) => t.server)).size === count, {
        timeoutMs: 30_000,
        message: "background discovery of every lazy server",
      });
      return {};
    }
    const tool = conn.tools().get(callKey);
    if (!tool) throw new Error(`${name} holds no ${callKey}`);
    await tool({ text: "first" });
    return { connectedMs, firstResultMs: performance.now() - t0 };
  } finally {
    await conn.close();
  }
});
