import { rmSync } from "node:fs";
import { join } from "node:path";
import { hostileServer, makeTempDir, readLog, sourceLoader } from "@toolnexus/fixtures";
import { isMcpCoreError, loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { generateText, type ModelMessage, stepCountIs, type ToolApprovalResponse } from "ai";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { type AiSdkToolsetOptions, createAiSdkToolset, toAiSdkTools } from "../src/index.js";
import { runMessages } from "./support/ai-major.js";
import { scriptedModel, text, toolCall, toolOutputsInPrompt } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

/** The annotated file-store server, logging each call to a temp file. */
async function notesServer(): Promise<{ source: McpSource; calls: () => string[] }> {
  const dir = makeTempDir("aisdk-approval-");
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const log = join(dir, "notes.log");
  const source = await sources.loadServers({
    notes: hostileServer("annotated", { args: ["--log", log] }),
  });
  const calls = () =>
    readLog(log)
      .filter((event) => event.event === "call")
      .map((event) => String((event as { tool?: unknown }).tool));
  return { source, calls };
}

/** Which tools of the live set need approval, by name. */
function needingApproval(source: McpSource, approval: AiSdkToolsetOptions["approval"]): string[] {
  const tools = createAiSdkToolset(source, { approval, deferLoading: {} }).tools;
  return Object.entries(tools)
    .filter(([, tool]) => tool.needsApproval === true)
    .map(([name]) => name);
}

describe("approval", () => {
  it("should stop a destructive tool until approved, and run a read-only one at once", async () => {
    const { source, calls } = await notesServer();
    const toolset = createAiSdkToolset(source, { approval: { destructive: true } });
    const prompt: ModelMessage[] = [{ role: "user", content: "clean up" }];
    const first = await generateText({
      model: scriptedModel([
        () => [
          toolCall("mcp__notes__read_file", { path: "a.txt" }),
          toolCall("mcp__notes__delete_file", { path: "a.txt" }),
        ],
      ]),
      ...toolset,
      messages: prompt,
      stopWhen: stepCountIs(5),
    });
    const requests = first.content.filter((part) => part.type === "tool-approval-request");
    expect(requests.map((r) => r.toolCall.toolName)).toEqual(["mcp__notes__delete_file"]);
    expect(first.steps[0]?.toolResults.map((r) => r.toolName)).toEqual(["mcp__notes__read_file"]);
    expect(calls()).toEqual(["read_file"]);

    const approvals: ToolApprovalResponse[] = requests.map((request) => ({
      type: "tool-approval-response",
      approvalId: request.approvalId,
      approved: true,
    }));
    let seen: unknown;
    const second = await generateText({
      model: scriptedModel([
        (options) => {
          seen = toolOutputsInPrompt(options).get("call-mcp__notes__delete_file");
          return [text("deleted")];
        },
      ]),
      ...toolset,
      messages: [...prompt, ...runMessages(first), { role: "tool", content: approvals }],
      stopWhen: stepCountIs(5),
    });
    expect(second.text).toBe("deleted");
    expect(seen).toEqual({ type: "text", value: "deleted a.txt" });
    expect(calls()).toEqual(["read_file", "delete_file"]);
  });

  it("should read the servers' hints with MCP's defaults for absent ones", async () => {
    const { source } = await notesServer();
    const n = (names: string[]) => names.map((name) => `mcp__notes__${name}`);
    // fetch_url has no annotations: MCP's defaults make it destructive and open-world.
    expect(needingApproval(source, { destructive: true })).toEqual(n(["delete_file", "fetch_url"]));
    expect(needingApproval(source, { openWorld: true })).toEqual(n(["fetch_url"]));
    expect(needingApproval(source, { tools: ["*__append_*"] })).toEqual(n(["append_note"]));
    expect(needingApproval(source, (tool) => tool.rawName === "read_file")).toEqual(n(["read_file"]));
    // Every MCP tool, never the meta-tools.
    expect(needingApproval(source, true)).toEqual(
      n(["read_file", "delete_file", "append_note", "fetch_url"]),
    );
    expect(needingApproval(source, false)).toEqual([]);
    expect(needingApproval(source, undefined)).toEqual([]);
    expect(toAiSdkTools(source, { approval: true }).mcp__notes__read_file?.needsApproval).toBe(true);
  });
});

describe("option validation", () => {
  it.each([
    [
      { approval: "yes" },
      /"approval": expected a boolean, a function, or \{ destructive\?, openWorld\?, tools\? \}, got string/,
    ],
    [{ approval: { destructiv: true } }, /"approval\.destructiv": expected no such key/],
    [{ approval: { tools: "mcp__*" } }, /"approval\.tools": expected an array of tool-name globs/],
    [{ deferLoading: { threshold: -1 } }, /"deferLoading": expected an object \(\{\} defers every tool/],
    [{ deferLoading: "yes" }, /"deferLoading": expected/],
    [{ toolSearch: "openai" }, /"toolSearch": expected "meta-tools" or "anthropic", got string/],
  ])("should reject %j naming the option", async (options, message) => {
    const source = await sources.loadServers({});
    let error: unknown;
    try {
      createAiSdkToolset(source, options as AiSdkToolsetOptions);
    } catch (caught) {
      error = caught;
    }
    expect(isMcpCoreError(error) && error.code).toBe("OPTIONS_INVALID");
    expect((error as Error).message).toMatch(/^AI SDK adapter option /);
    expect((error as Error).message).toMatch(message);
  });
});
