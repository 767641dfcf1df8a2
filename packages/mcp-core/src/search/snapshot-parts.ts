/**
 * Between a search index's structures and its snapshot's parts (SPEC §15.8): what is written —
 * the documents of servers whose listing has a token, renumbered densely, and only the terms they
 * hold — and what is read back: a snapshot document becomes the current tool object of the same
 * server and raw name when that server's listing token is the one indexed, a placeholder otherwise
 * (the next sync removes placeholders and analyses the tools left, as it does after a refresh).
 * @module
 */
import type { McpTool } from "../types.js";
import { DocumentTable } from "./document-table.js";
import { lengthTotals, type SnapshotParts, type SnapshotServer } from "./index-snapshot.js";
import { FIELD_COUNT, Postings } from "./postings.js";
import { TermDictionary } from "./term-dictionary.js";

/** A server's listing token, or undefined when its tools did not come from the listing cache. */
export type ListingTokenOf = (server: string) => string | undefined;

/** An index's structures. */
export interface IndexStructures {
  dictionary: TermDictionary;
  postings: Postings;
  documents: DocumentTable;
}

/** The parts to write for `indexed` (the tools the index was last synced to), or undefined when none has a token. */
export function snapshotParts(
  indexed: readonly McpTool[],
  { dictionary, postings, documents }: IndexStructures,
  tokenOf: ListingTokenOf,
): SnapshotParts | undefined {
  const byServer = new Map<string, McpTool[]>();
  for (const tool of indexed) {
    const tools = byServer.get(tool.server);
    if (tools) tools.push(tool);
    else byServer.set(tool.server, [tool]);
  }
  const servers: SnapshotServer[] = [];
  const newIds = new Int32Array(documents.capacity).fill(-1);
  const kept: number[] = [];
  for (const [name, tools] of byServer) {
    const token = tokenOf(name);
    if (token === undefined) continue;
    servers.push({ name, token, tools: tools.map((tool) => tool.rawName) });
    for (const tool of tools) {
      const id = documents.idOf(tool);
      if (id === undefined) return undefined; // not synced to `indexed`: nothing sound to write
      newIds[id] = kept.length;
      kept.push(id);
    }
  }
  if (kept.length === 0) return undefined;
  const lengths = new Uint16Array(kept.length * FIELD_COUNT);
  kept.forEach((id, newId) => {
    for (let field = 0; field < FIELD_COUNT; field++) {
      lengths[newId * FIELD_COUNT + field] = documents.length(id, field);
    }
  });
  // Postings of the kept documents under the old term ids, then only the terms that still hold one.
  const all = postings.flat(dictionary.size * FIELD_COUNT, (id) => newIds[id] ?? -1);
  const termIds = new Int32Array(dictionary.size).fill(-1);
  const terms: string[] = [];
  for (let id = 0; id < dictionary.size; id++) {
    if ((all.offsets[(id + 1) * FIELD_COUNT] as number) > (all.offsets[id * FIELD_COUNT] as number)) {
      termIds[id] = terms.length;
      terms.push(dictionary.term(id));
    }
  }
  const offsets = new Int32Array(terms.length * FIELD_COUNT + 1);
  const flat = new Int32Array(all.postings.length);
  let at = 0;
  for (let id = 0; id < dictionary.size; id++) {
    const newId = termIds[id] as number;
    if (newId < 0) continue;
    for (let field = 0; field < FIELD_COUNT; field++) {
      const key = id * FIELD_COUNT + field;
      offsets[newId * FIELD_COUNT + field] = at;
      const start = all.offsets[key] as number;
      const end = all.offsets[key + 1] as number;
      flat.set(all.postings.subarray(start, end), at);
      at += end - start;
    }
  }
  offsets[terms.length * FIELD_COUNT] = at;
  const sorted = Int32Array.from(
    dictionary.sortedIds().filter((id) => (termIds[id] as number) >= 0),
    (id) => termIds[id] as number,
  );
  return { servers, terms, sorted, lengths, offsets, postings: flat };
}

/**
 * The current tools for `names` (a snapshot server's documents), undefined where there is none. The
 * listing is usually the one indexed, in the same order: compared in place, and then `tools`
 * itself is the answer (no copy, no map).
 */
function matchTools(names: readonly string[], tools: readonly McpTool[]): readonly (McpTool | undefined)[] {
  let same = names.length === tools.length;
  // An indexed loop, not `every`: no call per tool in code that runs once, cold (issue 46).
  for (let i = 0; same && i < names.length; i++) same = tools[i]?.rawName === names[i];
  if (same) return tools;
  const byName = new Map(tools.map((tool) => [tool.rawName, tool]));
  return names.map((name) => {
    const tool = byName.get(name);
    // Taken once: a snapshot naming a tool twice gets a placeholder for the second.
    byName.delete(name);
    return tool;
  });
}

/**
 * The structures of a decoded snapshot for the current tools (`toolsOf` a server), and how many of
 * its documents are current tools; undefined when none is (nothing to gain over a build) or when
 * its field lengths are out of range.
 */
export function restoredStructures(
  parts: SnapshotParts,
  toolsOf: (server: string) => readonly McpTool[],
  tokenOf: ListingTokenOf,
): (IndexStructures & { reused: number }) | undefined {
  const totals = parts.totals ?? lengthTotals(parts.lengths);
  if (!totals) return undefined;
  // Each server's documents, joined at the end rather than pushed one by one.
  const chunks: (readonly McpTool[])[] = [];
  let reused = 0;
  for (const server of parts.servers) {
    const current = tokenOf(server.name) === server.token ? toolsOf(server.name) : [];
    const matched = matchTools(server.tools, current);
    if (matched === current) {
      reused += current.length;
      chunks.push(current);
      continue;
    }
    chunks.push(
      matched.map((tool, i) => {
        if (tool) reused++;
        // A placeholder is in no generation: the next sync removes it with its postings.
        return tool ?? (Object.freeze({ server: server.name, rawName: server.tools[i] }) as McpTool);
      }),
    );
  }
  if (reused === 0) return undefined;
  let documents: McpTool[] = [];
  // `concat` of many arrays at once is a copy or two (`flat` walked them element by element: ten
  // times slower here); in batches, under any engine's argument limit.
  for (let at = 0; at < chunks.length; at += 4096)
    documents = documents.concat(...chunks.slice(at, at + 4096));
  return {
    dictionary: TermDictionary.restored(parts.terms, parts.sorted),
    postings: Postings.restored(parts.offsets, parts.postings, documents.length),
    documents: DocumentTable.restored(documents, parts.lengths, totals),
    reused,
  };
}
