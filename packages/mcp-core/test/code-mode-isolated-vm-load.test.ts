// What the isolated-vm executor does without isolated-vm (the workspace never installs it; its runs
// are tested by scripts/isolated-vm/run.sh): a typed error naming the package, and its options.
import { describe, expect, it } from "vitest";
import { importIsolatedVm } from "../src/code-mode/isolated-vm-load.js";
import { createIsolatedVmExecutor } from "../src/code-mode-entry.js";
import type { McpCoreError } from "../src/index.js";

describe("the isolated-vm executor's loading", () => {
  it("should reject a missing isolated-vm with SANDBOX_UNAVAILABLE, saying how to install it", async () => {
    const error = (await importIsolatedVm("isolated-vm-not-installed-here").catch(
      (e: unknown) => e,
    )) as McpCoreError;
    expect(error.code).toBe("SANDBOX_UNAVAILABLE");
    expect(error.message).toBe(
      "code mode's isolated-vm sandbox is not installed: npm install isolated-vm@5 (an optional peer dependency of @toolnexus/mcp-core; a native module, built on install with python3, make and a C++ compiler), or use createQuickJsExecutor",
    );
  });

  it("should reject a module that is not isolated-vm with SANDBOX_UNAVAILABLE", async () => {
    const error = (await importIsolatedVm("node:path").catch((e: unknown) => e)) as McpCoreError;
    expect(error.code).toBe("SANDBOX_UNAVAILABLE");
    expect(error.message).toMatch(/"node:path" is not the isolated-vm module$/);
  });

  it("should refuse memory under 8 MiB and a limit that is not a positive integer, naming the factory", () => {
    expect(() => createIsolatedVmExecutor({ maxMemoryBytes: 1024 })).toThrow(
      'createIsolatedVmExecutor option "maxMemoryBytes": expected at least 8388608 (8 MiB), got a smaller number',
    );
    expect(() => createIsolatedVmExecutor({ cpuTimeMs: 0 })).toThrow(
      'createIsolatedVmExecutor option "cpuTimeMs": expected a positive integer, got zero',
    );
  });
});
