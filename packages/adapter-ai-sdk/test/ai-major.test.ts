import { describe, expect, it } from "vitest";
import { AI_MAJOR } from "../src/ai-major.js";
import { McpToolCallError } from "../src/index.js";
import { expectedAiMajor, testedAiMajor } from "./support/ai-major.js";

describe("the ai major", () => {
  it("should be detected as the one installed (and the one this run meant to test)", () => {
    expect(AI_MAJOR).toBe(testedAiMajor);
    expect(AI_MAJOR).toBe(expectedAiMajor);
  });

  it("McpToolCallError's toString should be the message alone (what ai 7 sends the model)", () => {
    const error = new McpToolCallError(
      { name: "mcp__a__t", server: "a" },
      { content: [{ type: "text", text: "disk full" }], text: "disk full", isError: true },
    );
    expect(String(error)).toBe("disk full");
    expect(error.name).toBe("McpToolCallError");
  });
});
