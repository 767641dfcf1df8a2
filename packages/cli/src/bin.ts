#!/usr/bin/env node
import { main } from "./main.js";

// exitCode, not exit(): stdout is flushed first, and close() has already ended every child.
process.exitCode = await main(process.argv.slice(2));
