/**
 * Final names unique across a whole source. Two tools of different servers can map to one name
 * (server `a` tool `b__echo` and server `a__b` tool `echo` are both `mcp__a__b__echo`), and a clean
 * name can equal another tool's hashed one; a host keyed by name would then call the wrong server.
 * @module
 */
import { toolHash, withHashSuffix } from "./namespaced-name.js";

/** One tool to name: its server, its raw name, and its name under the naming rule. */
export interface NameRequest {
  server: string;
  rawName: string;
  name: string;
}

/** Tools that wanted one name, by index into the requests. */
export interface NameCollision {
  name: string;
  members: number[];
}

/** The outcome of {@link assignUniqueNames}. */
export interface NameAssignment {
  /** Final names, index-aligned with the requests; `undefined` for a tool left without a unique name. */
  names: (string | undefined)[];
  /** Every group of tools whose names collided, in the order found. */
  collisions: NameCollision[];
  /** Tools dropped because even their hashed names are equal (a 48-bit hash collision). */
  dropped: number[];
  /** The name each tool ended up holding, a dropped tool's included (its rule's name or hashed form). */
  held: string[];
}

/**
 * A name with the tool's hash suffix: the name itself when it already ends with `_` + the tool's own
 * hash (a lossy namespaced name), else {@link withHashSuffix}.
 */
function hashedForm({ server, rawName, name }: NameRequest): string {
  return name.endsWith(`_${toolHash(server, rawName)}`) ? name : withHashSuffix(name, server, rawName);
}

const byServerThenRawName = (a: NameRequest, b: NameRequest): number =>
  a.server === b.server ? compare(a.rawName, b.rawName) : compare(a.server, b.server);
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Makes every name unique: whenever two or more tools hold one name, each of them that still has its
 * rule's name takes its hashed form ({@link hashedForm}), and so on until no name is shared. The
 * result depends only on the set of requests, never on their order: a tool is hashed exactly when its
 * rule's name is shared with another tool's rule's name or with a hashed name. Should hashed names
 * still coincide, the first tool by (server, raw name) keeps the name and the others are dropped.
 */
export function assignUniqueNames(requests: readonly NameRequest[]): NameAssignment {
  const current = requests.map((request) => request.name);
  // The usual case, no name shared: every tool keeps its rule's name, and no list of holders per
  // name is made (a load names every cached tool of every server).
  if (new Set(current).size === current.length) {
    return { names: [...current], collisions: [], dropped: [], held: current };
  }
  const hashed = requests.map(() => false);
  const holders = new Map<string, number[]>();
  const crowded: string[] = [];
  const hold = (index: number) => {
    const name = current[index] as string;
    const list = holders.get(name) ?? [];
    list.push(index);
    holders.set(name, list);
    if (list.length === 2) crowded.push(name);
  };
  for (let index = 0; index < requests.length; index++) hold(index);
  const collisions: NameCollision[] = [];
  for (let name = crowded.pop(); name !== undefined; name = crowded.pop()) {
    const list = holders.get(name) ?? [];
    const movers = list.filter((index) => !hashed[index]);
    if (list.length < 2 || movers.length === 0) continue;
    collisions.push({ name, members: [...list] });
    holders.set(
      name,
      list.filter((index) => hashed[index]),
    );
    for (const index of movers) {
      const request = requests[index] as NameRequest;
      hashed[index] = true;
      current[index] = hashedForm(request);
      hold(index);
    }
  }
  const held = [...current] as string[];
  const names: (string | undefined)[] = [...current];
  const dropped: number[] = [];
  for (const list of holders.values()) {
    if (list.length < 2) continue;
    const [, ...rest] = [...list].sort((a, b) =>
      byServerThenRawName(requests[a] as NameRequest, requests[b] as NameRequest),
    );
    for (const index of rest) {
      names[index] = undefined;
      dropped.push(index);
    }
  }
  return { names, collisions, dropped, held };
}
