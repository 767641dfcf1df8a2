import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostileServer, removeTempDir } from "@toolnexus/fixtures";
import { afterAll, describe, expect, it } from "vitest";
import { escapeControls } from "../src/terminal-text.js";
import { runCli, writeConfig } from "./helpers.js";

// `pins` and `approve` against a server that rewrites read_note (fixtures/hostile/modes/rug-pull.mjs),
// its state in a file so that each CLI run lists what the server says now.
const { dir } = writeConfig({});
const state = join(dir, "state");
const pinDir = join(dir, "pins");
writeFileSync(
  join(dir, "mcp.json"),
  JSON.stringify({ mcpServers: { notes: hostileServer("rug-pull", { arg: state }) } }),
);
const env = { TOOLNEXUS_MCP_PIN_DIR: pinDir };
const cli = (...args: string[]) => runCli(args, { cwd: dir, env });
afterAll(() => removeTempDir(dir));

describe("toolnexus-mcp pins / approve (SPEC §9.4.5)", () => {
  it("should show, approve one tool, then the rest, and refuse a tool that does not wait", async () => {
    const first = await cli("pins");
    expect(first.stdout).toContain("notes: not pinned yet");
    expect(existsSync(pinDir)).toBe(false); // showing pins writes none

    const pinned = await cli("approve", "notes");
    expect([pinned.code, pinned.stdout]).toEqual([0, "notes: pinned 3 tool(s) on first use\n"]);
    expect((await cli("pins")).stdout).toContain("notes: 3 pinned, nothing waits");

    writeFileSync(state, "rewrite");
    const drifted = await cli("pins");
    expect(drifted.stdout).toContain("  waiting: changed read_note (description)");
    expect(drifted.stdout).toContain("  waiting: added sync_notes");
    const json = JSON.parse((await cli("pins", "--json")).stdout);
    expect(json.servers.notes.pending.policy).toBe("hold");
    expect(json.servers.notes.pending.held.sort()).toEqual(["read_note", "sync_notes"]);

    const one = await cli("approve", "notes", "read_note");
    expect([one.code, one.stdout]).toContain(0);
    expect(one.stdout).toContain("approved: changed read_note (description)");
    const after = await cli("pins");
    expect(after.stdout).not.toContain("waiting: changed");
    expect(after.stdout).toContain("  waiting: added sync_notes");

    const wrong = await cli("approve", "notes", "list_notes");
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('"list_notes" does not wait for approval');

    expect((await cli("approve", "./mcp.json", "notes")).code).toBe(0);
    expect((await cli("pins")).stdout).toContain("notes: 4 pinned, nothing waits");
  });

  it("should escape invisible characters a server chose, tags and variation selectors included", () => {
    const tags = "\u{e0061}\u{e0062}";
    expect(escapeControls(`a${tags}\ufe0f\u00ad\u2060b`)).toBe(
      "a\\udb40\\udc61\\udb40\\udc62\\ufe0f\\u00ad\\u2060b",
    );
    expect(JSON.parse(`"${escapeControls(`x${tags}`)}"`)).toBe(`x${tags}`);
  });
});
