/**
 * Tool vectors as stored (base64 of little-endian float32s) and read back from an untrusted store.
 * @module
 */
import { isObject } from "../is-object.js";
import { MAX_DIMENSIONS } from "./embed-call.js";
import type { ToolVectorEntry } from "./embedder-types.js";

/** The most vectors one entry is read with (one server's tools). */
export const MAX_ENTRY_VECTORS = 10_000;

/** `vector` as base64 of little-endian float32s. */
export function encodeVector(vector: Float32Array): string {
  const bytes = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i] as number, i * 4);
  return bytes.toString("base64");
}

/** The unit vector in `text`, or undefined when it is not `dimensions` finite float32s of norm ≈ 1. */
export function decodeVector(text: unknown, dimensions: number): Float32Array | undefined {
  if (typeof text !== "string" || text.length > Math.ceil((dimensions * 4) / 3) * 4) return undefined;
  const bytes = Buffer.from(text, "base64");
  if (bytes.length !== dimensions * 4) return undefined;
  const vector = new Float32Array(dimensions);
  let norm = 0;
  for (let i = 0; i < dimensions; i++) {
    const value = bytes.readFloatLE(i * 4);
    if (!Number.isFinite(value)) return undefined;
    vector[i] = value;
    norm += value * value;
  }
  // Stored vectors are unit length; another length means another writer's format, not ours.
  return Math.abs(norm - 1) < 1e-3 ? vector : undefined;
}

/** `value`'s vectors when it is an entry of `model`; undefined for anything else. */
export function readEntry(
  value: unknown,
  model: string,
): { dimensions: number; vectors: Map<string, Float32Array> } | undefined {
  if (!isObject(value)) return undefined;
  const entry = value as Partial<ToolVectorEntry>;
  const { dimensions, vectors } = entry;
  if (entry.version !== 1 || entry.model !== model || !isObject(vectors)) return undefined;
  if (
    typeof dimensions !== "number" ||
    !Number.isInteger(dimensions) ||
    dimensions < 1 ||
    dimensions > MAX_DIMENSIONS
  ) {
    return undefined;
  }
  const pairs = Object.entries(vectors);
  if (pairs.length > MAX_ENTRY_VECTORS) return undefined;
  const read = new Map<string, Float32Array>();
  for (const [fingerprint, text] of pairs) {
    if (!/^[0-9a-f]{32}$/.test(fingerprint)) continue;
    const vector = decodeVector(text, dimensions);
    if (vector) read.set(fingerprint, vector);
  }
  return { dimensions, vectors: read };
}
