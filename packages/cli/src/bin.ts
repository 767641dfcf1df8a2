#!/usr/bin/env node
import { main } from "./main.js";

// A reader that went away (`toolnexus-mcp tools | head -1`) is not an error: leave quietly. The
// core's exit hook still ends any child process.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});

/** After the command is done, how long an unwinding load (one `--timeout` gave up on) may linger. */
const LINGER_MS = 1000;

// exitCode, not exit(): stdout is flushed first, and close() has already ended every child. Only
// when something still holds the process (an aborted load unwinding) does the timer end it; the
// core's exit hook then kills any child that load had spawned.
process.exitCode = await main(process.argv.slice(2));
setTimeout(() => process.exit(), LINGER_MS).unref();
