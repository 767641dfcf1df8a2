import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const srcDir = join(import.meta.dirname, "..", "src");
const sources = readdirSync(srcDir)
  .filter((file) => file.endsWith(".ts"))
  .map((file) => ({ file, text: readFileSync(join(srcDir, file), "utf8") }));

describe("entries", () => {
  it("should import the optional langchain peer only from the ./agent entry's middleware", () => {
    const importers = sources
      .filter(({ text }) => /from "langchain(\/[^"]*)?"/.test(text))
      .map(({ file }) => file);
    expect(importers).toEqual(["approval-interrupt.ts", "mcp-tools-middleware.ts"]);
    // Only the middleware reaches the approval step; nothing the root entry imports does.
    const approvalImporters = sources.filter(({ text }) => text.includes('"./approval-interrupt.js"'));
    expect(approvalImporters.map(({ file }) => file)).toEqual(["mcp-tools-middleware.ts"]);
  });

  it("should name every export in the entry files", () => {
    for (const entry of ["index.ts", "agent.ts"]) {
      const text = sources.find(({ file }) => file === entry)?.text ?? "";
      expect(text).not.toMatch(/export \*/);
    }
  });

  it("should expose the root and ./agent entries from package.json", async () => {
    const pkg = JSON.parse(readFileSync(join(srcDir, "..", "package.json"), "utf8"));
    expect(Object.keys(pkg.exports)).toEqual([".", "./agent", "./package.json"]);
    const root = await import("../src/index.js");
    expect(Object.keys(root).sort()).toEqual([
      "bindCurrentTools",
      "createLangChainToolkit",
      "instructionsPrompt",
      "langChainEmbedder",
      "langChainSampling",
      "toLangChainMessages",
      "toLangChainTools",
    ]);
    const agent = await import("../src/agent.js");
    expect(Object.keys(agent)).toEqual(["mcpToolsMiddleware"]);
  });
});
