#!/usr/bin/env node
// The package's bin. It is committed, not built, because npm links a workspace's bin into
// node_modules/.bin at install time only when the file exists: after `npm ci && npm run build` in a
// clone, `npx toolnexus-mcp` then finds it. It loads the built CLI, or says how to build it.
import { existsSync } from "node:fs";

const cli = new URL("../dist/bin.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    "toolnexus-mcp is not built yet (no dist/bin.js): run `npm run build` at the repository root\n",
  );
  process.exit(1);
}
await import(cli.href);
