import { describe, expect, it } from "vitest";
import { requestHeaders } from "../src/connection/launch-env.js";
import { serverConfig } from "./support/harness.js";

describe("request headers", () => {
  it("should keep a header whose name is __proto__ as an own header, not a prototype", async () => {
    const headers = JSON.parse('{ "__proto__": "x-${TOKEN}", "X-Plain": "a" }');
    const config = await serverConfig({ mcpServers: { r: { url: "http://127.0.0.1:1/mcp", headers } } });
    const resolved = await requestHeaders(config, {
      parentEnv: { TOKEN: "t" },
      defaultInheritEnv: [],
      missingHeaderVar: "error",
      expandEnvReferences: true,
    })();
    expect(Object.getPrototypeOf(resolved)).toBe(Object.prototype);
    expect(Object.entries(resolved)).toEqual([
      ["__proto__", "x-t"],
      ["X-Plain", "a"],
    ]);
  });
});
