// The chaos loop of a soak: every few seconds one action on one server, run to its end before the
// next (so a stalled process is always resumed before anything else touches it). Kinds are drawn in
// shuffled rounds, so every kind happens once per round whatever the run's length.
import { pidOf } from "@toolnexus/fixtures";

/** The chaos action kinds, as they appear in the report. */
export const CHAOS_KINDS = ["kill", "stall", "http-restart", "tool-list-change"];

/** Dynamic tools a server that cannot remove them may hold before the loop stops adding there. */
const MAX_ADDED_PER_PROCESS = 5;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const between = (min, max) => min + Math.floor(Math.random() * (max - min));

function shuffled(items) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** A fresh tally of chaos actions. */
export function newChaosStats() {
  return {
    byKind: Object.fromEntries(CHAOS_KINDS.map((k) => [k, 0])),
    skipped: 0,
    toolListChangeFailed: 0,
    errors: [],
  };
}

/** The process id of a server right now: the stdio child the source reports, or the HTTP fixture's. */
function currentPid(source, server) {
  return server.http ? server.http.pid : pidOf(source, server.name);
}

/**
 * Runs the chaos loop until `stop()`, which resolves once the action in progress has ended.
 * @param {import("@toolnexus/mcp-core").McpSource} source
 * @param {Record<string, object>} servers from `startServers`
 * @param {{ intervalMs: [number, number], stallMs: [number, number], stats: ReturnType<typeof newChaosStats>, onPid: (pid: number) => void }} options
 */
export function startChaosLoop(source, servers, { intervalMs, stallMs, stats, onPid }) {
  let stopping = false;
  let wake;
  const all = Object.values(servers);
  const addedByPid = new Map();
  const removable = [];
  let toolCounter = 0;

  /** SIGKILL a running stdio child; auto-restart must bring it back. */
  async function kill() {
    const targets = all.filter((s) => s.transport === "stdio" && pidOf(source, s.name));
    if (targets.length === 0) return false;
    const pid = pidOf(source, pick(targets).name);
    onPid(pid);
    process.kill(pid, "SIGKILL");
    return true;
  }

  /** SIGSTOP any server's process for a while, then SIGCONT. */
  async function stall() {
    const targets = all.filter((s) => currentPid(source, s));
    if (targets.length === 0) return false;
    const pid = currentPid(source, pick(targets));
    onPid(pid);
    process.kill(pid, "SIGSTOP");
    try {
      await sleep(between(stallMs[0], stallMs[1]));
    } finally {
      try {
        process.kill(pid, "SIGCONT");
      } catch {}
    }
    return true;
  }

  /** Restart an HTTP server on the same port: gracefully, or by SIGKILL and a start a moment later. */
  async function httpRestart() {
    const server = pick(all.filter((s) => s.http));
    if (Math.random() < 0.5) {
      try {
        process.kill(server.http.pid, "SIGKILL");
      } catch {}
      await sleep(between(200, 1500));
    }
    // The port may be slow to free on a loaded machine: a few bounded tries.
    for (let attempt = 1; ; attempt++) {
      try {
        await server.http.restart();
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await sleep(500);
      }
    }
    onPid(server.http.pid);
    return true;
  }

  /** Add a tool on a server (or remove an added one from `mcp-list-changed`) through the source. */
  async function toolListChange() {
    const byName = (server, raw) => source.tools.find((t) => t.server === server && t.rawName === raw);
    if (removable.length > MAX_ADDED_PER_PROCESS && byName("listChanged", "remove_tool")) {
      const name = removable.shift();
      const result = await byName("listChanged", "remove_tool").execute({ name }, { timeoutMs: 5000 });
      if (result.isError) stats.toolListChangeFailed++;
      return true;
    }
    const targets = all.filter((s) => {
      if (!byName(s.name, "add_tool")) return false;
      if (s.name === "listChanged") return true; // it can remove what it added
      const pid = currentPid(source, s);
      return pid !== undefined && (addedByPid.get(pid) ?? 0) < MAX_ADDED_PER_PROCESS;
    });
    if (targets.length === 0) return false;
    const server = pick(targets);
    const name = `chaos_${++toolCounter}`;
    const result = await byName(server.name, "add_tool").execute({ name }, { timeoutMs: 5000 });
    // A server restarted by earlier chaos has lost its added tools: a refused call is expected.
    if (result.isError) stats.toolListChangeFailed++;
    if (server.name === "listChanged") {
      if (!result.isError) removable.push(name);
    } else {
      const pid = currentPid(source, server);
      if (pid !== undefined) addedByPid.set(pid, (addedByPid.get(pid) ?? 0) + 1);
    }
    return true;
  }

  const actions = { kill, stall, "http-restart": httpRestart, "tool-list-change": toolListChange };

  async function loop() {
    while (!stopping) {
      for (const kind of shuffled(CHAOS_KINDS)) {
        let timer;
        await new Promise((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, between(intervalMs[0], intervalMs[1]));
        });
        clearTimeout(timer);
        if (stopping) return;
        try {
          if (await actions[kind]()) stats.byKind[kind]++;
          else stats.skipped++;
        } catch (error) {
          if (stats.errors.length < 20) stats.errors.push(`${kind}: ${error?.message ?? error}`);
        }
      }
    }
  }

  const running = loop();
  return {
    async stop() {
      stopping = true;
      wake?.();
      await running;
    },
  };
}
