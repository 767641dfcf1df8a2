// One import-time sample in a fresh process: `node lib/child-import.mjs '{"specifier":"…"}'` imports
// the one module named and prints how long the import took, module loading only (Node's own
// start-up excluded), and the RSS after it.
import { childMain } from "./child-main.mjs";

await childMain(async ({ specifier }) => {
  const startMs = performance.now();
  await import(specifier);
  const importMs = performance.now() - startMs;
  return { importMs, rssMiB: process.memoryUsage().rss / 2 ** 20 };
});
