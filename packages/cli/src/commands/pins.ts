/**
 * `pins [config]` and `approve [config] <server> [tool]`: the approved tool definitions (pins) of
 * the config's servers and what waits for approval, measured by listing each server now; and the
 * approval, written to the pin store (SPEC §9.4.5). Everything a server chose is escaped.
 * @module
 */
import type { McpDrift, McpSource } from "@toolnexus/mcp-core";
import { filePinStore, type PinEntry, type PinStore, pinKey } from "@toolnexus/mcp-core/stores";
import { readConfig, startingOnly } from "../cli-config.js";
import {
  type CommandContext,
  command,
  configAndRest,
  openSource,
  resolveConfig,
  usingSource,
} from "../command.js";
import type { ConfigChoice } from "../config-file.js";
import { oneLine, paint } from "../output.js";
import { checkServerName } from "../server-selection.js";
import { EXIT, UsageError } from "../usage-error.js";
import { reportDownServers } from "./tools.js";

/** What waits, one line per item: `changed read_note (description)`. */
function driftLines(drift: McpDrift | undefined): string[] {
  if (!drift) return [];
  const item = (what: string) => (i: McpDrift["added"][number]) =>
    `  waiting: ${what} ${oneLine(i.name)}${i.fields ? ` (${i.fields.join(", ")})` : ""}`;
  return [
    ...drift.changed.map(item("changed")),
    ...drift.added.map(item("added")),
    ...drift.removed.map(item("removed")),
    ...(drift.blocked ? ["  the server's tools are all withheld (block) until approved"] : []),
  ];
}

/** One server's pins and what waits, for people. */
function serverLines(
  context: CommandContext,
  name: string,
  pins: PinEntry | undefined,
  drift?: McpDrift,
): string[] {
  const head = paint(context.output, "bold", oneLine(name));
  if (!pins) return [`${head}: not pinned yet (its next listing is pinned on first use)`];
  const lines = [`${head}: ${pins.items.length} pinned${drift ? "" : ", nothing waits"}`];
  for (const item of pins.items) {
    const kind = item.kind === "tool" ? "" : ` ${item.kind}`;
    lines.push(`  ${oneLine(item.name)}${kind}  ${item.fingerprint.slice(0, 12)}  ${item.pinnedAt}`);
  }
  return [...lines, ...driftLines(drift)];
}

/**
 * Lists the servers named (every enabled one when `only` is undefined) under `hold`, against
 * `store`, and runs `use` on the source; closes it after (pin writes end before the close does).
 */
async function withHeldSource<T>(
  context: CommandContext,
  choice: ConfigChoice,
  only: string[] | undefined,
  store: PinStore,
  use: (source: McpSource) => Promise<T>,
): Promise<T> {
  const source = await openSource(context, startingOnly(choice, only), {
    autoRestart: { enabled: false },
    drift: "hold",
    pinStore: store,
  });
  return usingSource(source, async () => {
    await source.whenSettled();
    return await use(source);
  });
}

async function runPins(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  const [named] = configAndRest(context.positionals, 0);
  const choice = resolveConfig(context, named);
  const config = await readConfig(choice);
  const only = flags.server === undefined ? undefined : [flags.server];
  if (flags.server !== undefined)
    checkServerName(config, flags.server, `--server "${oneLine(flags.server)}" is not in the config`);
  const configs = (await config.configs(only)).filter((c) => c.enabled);
  const store = filePinStore();
  // Read-only: showing the pins never pins a first listing.
  const readOnly: PinStore = { get: (key) => store.get(key), set: () => {} };
  const stored = await Promise.all(configs.map(async (c) => (await store.get(pinKey(c))) ?? undefined));
  return withHeldSource(context, choice, only, readOnly, async (source) => {
    const down = reportDownServers(context, source, choice, flags.server);
    const rows = configs.map((c, i) => ({
      name: c.name,
      pins: stored[i],
      drift: stored[i] && source.pendingDrift(c.name),
    }));
    if (flags.json) {
      const servers = Object.fromEntries(
        rows.map((r) => [r.name, { pins: r.pins ?? null, pending: r.drift ?? null }]),
      );
      output.out(JSON.stringify({ servers }, null, 2));
    } else {
      for (const row of rows)
        for (const line of serverLines(context, row.name, row.pins, row.drift)) output.out(line);
    }
    return down ? EXIT.failed : EXIT.ok;
  });
}

/** `[config] <server> [tool]`: three words, or two whose first is a `.json`/`.jsonc` file. */
function approveArguments(positionals: readonly string[]): [string | undefined, string, string | undefined] {
  const [a, b, c] = positionals;
  if (positionals.length > 3) throw new UsageError(`too many arguments: ${positionals.slice(3).join(" ")}`);
  if (a === undefined) throw new UsageError("approve needs the server's name");
  if (positionals.length === 3) return [a, b as string, c];
  if (b !== undefined && /\.jsonc?$/i.test(a)) return [a, b, undefined];
  return [undefined, a, b];
}

async function runApprove(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  const [named, server, tool] = approveArguments(context.positionals);
  const choice = resolveConfig(context, named);
  const config = await readConfig(choice);
  checkServerName(config, server, `"${oneLine(server)}" is not a server of the config`);
  const [serverConfig] = await config.configs([server]);
  const store = filePinStore();
  const before = serverConfig ? await store.get(pinKey(serverConfig)) : undefined;
  return withHeldSource(context, choice, [server], store, async (source) => {
    if (reportDownServers(context, source, choice, server)) return EXIT.failed;
    if (!before) {
      const count = source.tools.filter((t) => t.server === server).length;
      output.out(`${oneLine(server)}: pinned ${count} tool(s) on first use`);
      return EXIT.ok;
    }
    const waiting = source.pendingDrift(server);
    const approved = await source.approveDrift(server, tool === undefined ? undefined : [tool]);
    if (flags.json) output.out(JSON.stringify({ server, approved }, null, 2));
    for (const line of driftLines(waiting))
      if (!flags.json) output.out(line.replace("waiting:", "approved:"));
    if (approved.length > 0) return EXIT.ok;
    output.err(
      tool === undefined
        ? `${oneLine(server)}: nothing waits for approval`
        : `${oneLine(server)}: "${oneLine(tool)}" does not wait for approval`,
    );
    return tool === undefined ? EXIT.ok : EXIT.failed;
  });
}

/** The `pins` command. */
export const pins = command({
  usage: "pins [config]",
  summary: "the approved tool definitions (pins) of each server, and what drifted since (waits for approve)",
  flags: ["server", "json", "timeout", "verbose"],
  details: [
    "Lists each server now and measures its tools against the pin store ($TOOLNEXUS_MCP_PIN_DIR, else pins beside the listing cache); writes nothing.",
    '--json prints {"servers": {"<name>": {"pins": <entry or null>, "pending": <drift or null>}}}.',
  ],
  example: "toolnexus-mcp pins --server github",
  run: runPins,
});

/** The `approve` command. */
export const approve = command({
  usage: "approve [config] <server> [tool]",
  summary: "approve a server's drifted tools (one raw tool name, or all): write them to the pin store",
  flags: ["json", "timeout", "verbose"],
  details: [
    "A server with no pins yet has its tools pinned as listed now. A running agent sees the approval at its next load.",
    "Exit code: 0 when approved (or nothing waited), 1 when the tool named does not wait or the server failed.",
  ],
  example: "toolnexus-mcp approve github create_issue",
  run: runApprove,
});
