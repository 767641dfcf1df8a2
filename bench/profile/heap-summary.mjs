// Sums a V8 heap snapshot by constructor, for `heap-holders.mjs` and `heap-diff.mjs`.
import { readFileSync } from "node:fs";

/** Self bytes and counts per "type:name" of a heap snapshot file. */
export function byConstructor(file) {
  const snapshot = JSON.parse(readFileSync(file, "utf8"));
  const { node_fields: fields, node_types: types } = snapshot.snapshot.meta;
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const typeNames = types[0];
  const { nodes, strings } = snapshot;
  const sums = new Map();
  for (let i = 0; i < nodes.length; i += width) {
    const type = typeNames[nodes[i + typeAt]];
    // Strings and code are grouped by kind: their "name" is their text.
    const name = ["string", "concatenated string", "sliced string", "code", "number"].includes(type)
      ? ""
      : strings[nodes[i + nameAt]].slice(0, 60);
    const key = `${type}:${name}`;
    const entry = sums.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += nodes[i + sizeAt];
    entry.count++;
    sums.set(key, entry);
  }
  return Object.fromEntries(sums);
}
