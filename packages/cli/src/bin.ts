#!/usr/bin/env node
import { main } from "./main.js";

// A reader that went away (`toolnexus-mcp tools | head -1`) is not an error: leave quietly. The
// core's exit hook still ends any child process.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});

// exitCode, not exit(): stdout is flushed first, and close() has already ended every child.
process.exitCode = await main(process.argv.slice(2));
