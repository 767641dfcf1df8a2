/**
 * The index snapshot's format (SPEC §15.8): a built search index as bytes, so the first search
 * after a warm start reads it instead of analysing every tool. Layout, little-endian:
 * `TNXS`, u32 format version, u32 header length, the header (UTF-8 JSON: the analyzer probe, the
 * servers with their listing tokens and raw tool names in document order, the terms in id order),
 * zero padding to 4 bytes, then the sections: the term ids in sorted order (i32 × terms), the
 * documents' field lengths (u16 × documents × fields, padded to 4 bytes), the list offsets per
 * (term, field) (i32 × (terms × fields + 1)) and the postings (i32, `document · 1024 + count`).
 *
 * The bytes are untrusted (a file on disk): {@link decodeSnapshot} checks every count, id, length
 * and order before anything is built from them (each posting when its list is first read), and
 * answers undefined for anything else.
 * @module
 */
import { FIELD_COUNT } from "./postings.js";
import { searchTerms } from "./search-terms.js";
import { MAX_FIELD_TERMS, TOOL_FIELDS, type ToolField } from "./tool-document.js";

const MAGIC = 0x53584e54; // "TNXS" read as a little-endian u32
/** Bumped whenever the format or what the analyzer makes of a text changes. */
const FORMAT_VERSION = 1;
/** Analysed at write and at read: a snapshot made by another analyzer (a stemmer update) is a miss. */
const PROBE_TEXT = "createGitHubIssues: listing the HTTPServer's base64 payloads, and running queries";
/** The largest snapshot read or written: about 6 × a 10 000-tool catalog's. */
export const MAX_SNAPSHOT_BYTES = 32 * 1024 * 1024;
/** Most servers and documents a snapshot may describe (the listing cache's own caps, times servers). */
const MAX_DOCUMENTS = 200_000;

/** One server's documents in a snapshot. */
export interface SnapshotServer {
  name: string;
  /** The listing token of the listing indexed (SPEC §15.8): fingerprint, saved-at time, tool count. */
  token: string;
  /** The raw names of its tools, in document-id order (ids follow on from the previous server's). */
  tools: string[];
}

/** A snapshot's content; arrays are views, valid while the bytes are. */
export interface SnapshotParts {
  servers: SnapshotServer[];
  /** Term texts by id. */
  terms: string[];
  /** Term ids in code-unit order of their texts. */
  sorted: Int32Array;
  /** Per document, per field, its distinct-term count. */
  lengths: Uint16Array;
  /** Per (term, field) key, where its postings start in `postings`; one more at the end. */
  offsets: Int32Array;
  postings: Int32Array;
  /**
   * Per field, the sum of its lengths over the documents: the decoder's, which sums them as it
   * checks them (parts made by the writer have none; restoring them sums the lengths).
   */
  totals?: Float64Array;
}

const probe = (): string => searchTerms(PROBE_TEXT).join(" ");
const padded = (bytes: number): number => (bytes + 3) & ~3;

/** The bytes of `parts`. */
export function encodeSnapshot(parts: SnapshotParts): Uint8Array {
  const header = Buffer.from(
    JSON.stringify({ probe: probe(), servers: parts.servers, terms: parts.terms, fields: FIELD_COUNT }),
  );
  const sections = [parts.sorted, parts.lengths, parts.offsets, parts.postings];
  let size = 12 + padded(header.length);
  for (const section of sections) size += padded(section.byteLength);
  const bytes = Buffer.alloc(size);
  bytes.writeUInt32LE(MAGIC, 0);
  bytes.writeUInt32LE(FORMAT_VERSION, 4);
  bytes.writeUInt32LE(header.length, 8);
  header.copy(bytes, 12);
  let at = 12 + padded(header.length);
  for (const section of sections) {
    bytes.set(new Uint8Array(section.buffer, section.byteOffset, section.byteLength), at);
    at += padded(section.byteLength);
  }
  return bytes;
}

/**
 * `count` elements at `at`: a view of the bytes where they are aligned for the element (a file
 * read into a buffer of its own is), else a copy. The decoder's caller gives the bytes up.
 */
function section<T extends Int32Array | Uint16Array>(
  make: { new (buffer: ArrayBuffer): T; new (buffer: ArrayBuffer, byteOffset: number, length: number): T },
  bytes: Uint8Array,
  at: number,
  count: number,
  width: number,
): T | undefined {
  const length = count * width;
  if (!(count >= 0) || at + length > bytes.length) return undefined;
  const offset = bytes.byteOffset + at;
  if (offset % width === 0) return new make(bytes.buffer as ArrayBuffer, offset, count);
  const copy = new ArrayBuffer(length);
  new Uint8Array(copy).set(bytes.subarray(at, at + length));
  return new make(copy);
}

/** The servers of a parsed header, or undefined when any is malformed. */
function validServers(value: unknown): SnapshotServer[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const names = new Set<string>();
  for (const server of value as Partial<SnapshotServer>[]) {
    if (typeof server !== "object" || server === null) return undefined;
    const { name, token, tools } = server;
    if (typeof name !== "string" || typeof token !== "string" || names.has(name)) return undefined;
    if (!Array.isArray(tools)) return undefined;
    // Indexed loops, no callback per element, here and below: this code runs once, cold (issue 46).
    for (let i = 0; i < tools.length; i++) if (typeof tools[i] !== "string") return undefined;
    names.add(name);
  }
  return value as SnapshotServer[];
}

/**
 * The terms of a parsed header when they are non-empty strings, else undefined. That they are
 * distinct is {@link isSortedPermutation}'s proof: no set of them is made.
 */
function validTerms(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  for (const term of value) if (typeof term !== "string" || term === "") return undefined;
  return value as string[];
}

/**
 * Whether `sorted` lists every term id once, in strictly increasing order of the term texts (so
 * the terms are distinct: the dictionary's map holds one id per text).
 */
function isSortedPermutation(sorted: Int32Array, terms: readonly string[]): boolean {
  const seen = new Uint8Array(terms.length);
  let previous: string | undefined;
  for (let i = 0; i < sorted.length; i++) {
    const id = sorted[i] as number;
    if (id < 0 || id >= terms.length || seen[id] === 1) return false;
    seen[id] = 1;
    const term = terms[id] as string;
    if (previous !== undefined && !(previous < term)) return false;
    previous = term;
  }
  return true;
}

/**
 * Per field, the sum of its lengths over the documents (`lengths` holds `FIELD_COUNT` a document),
 * or undefined when a length is outside its field's cap (a document with none counts 1). One pass
 * per field: what a restore needs of the lengths besides the check.
 */
export function lengthTotals(lengths: Uint16Array): Float64Array | undefined {
  const totals = new Float64Array(FIELD_COUNT);
  for (let field = 0; field < FIELD_COUNT; field++) {
    const cap = MAX_FIELD_TERMS[TOOL_FIELDS[field] as ToolField];
    let total = 0;
    for (let at = field; at < lengths.length; at += FIELD_COUNT) {
      const length = lengths[at] as number;
      if (length < 1 || length > cap) return undefined;
      total += length;
    }
    totals[field] = total;
  }
  return totals;
}

/**
 * Whether offsets run from 0 to the postings' count without going back. The postings themselves
 * are checked as each list is first read (`Postings.restored`): a loop over all of them here, run
 * once and cold, cost more than the rest of the read.
 */
function validOffsets(offsets: Int32Array, postings: Int32Array): boolean {
  if (offsets[0] !== 0 || offsets[offsets.length - 1] !== postings.length) return false;
  for (let i = 1; i < offsets.length; i++)
    if ((offsets[i] as number) < (offsets[i - 1] as number)) return false;
  return true;
}

/**
 * The parts of untrusted snapshot bytes, or undefined when they are not a valid snapshot of this
 * analyzer. The parts may be views of `bytes`, which must not change afterwards.
 */
export function decodeSnapshot(bytes: Uint8Array): SnapshotParts | undefined {
  if (bytes.length < 12 || bytes.length > MAX_SNAPSHOT_BYTES) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== FORMAT_VERSION) return undefined;
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > bytes.length) return undefined;
  let header: { probe?: unknown; servers?: unknown; terms?: unknown; fields?: unknown };
  try {
    header = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 12, headerLength).toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof header !== "object" || header === null) return undefined;
  if (header.fields !== FIELD_COUNT || header.probe !== probe()) return undefined;
  const servers = validServers(header.servers);
  const terms = validTerms(header.terms);
  if (!servers || !terms) return undefined;
  const documents = servers.reduce((sum, server) => sum + server.tools.length, 0);
  if (documents > MAX_DOCUMENTS) return undefined;
  let at = 12 + padded(headerLength);
  const sorted = section(Int32Array, bytes, at, terms.length, 4);
  at += padded(terms.length * 4);
  const lengths = section(Uint16Array, bytes, at, documents * FIELD_COUNT, 2);
  at += padded(documents * FIELD_COUNT * 2);
  const offsets = section(Int32Array, bytes, at, terms.length * FIELD_COUNT + 1, 4);
  at += padded((terms.length * FIELD_COUNT + 1) * 4);
  const postingCount = Math.floor((bytes.length - at) / 4);
  const postings = section(Int32Array, bytes, at, postingCount, 4);
  if (!sorted || !lengths || !offsets || !postings) return undefined;
  if (!isSortedPermutation(sorted, terms)) return undefined;
  const totals = lengthTotals(lengths);
  if (!totals || !validOffsets(offsets, postings)) return undefined;
  return { servers, terms, sorted, lengths, offsets, postings, totals };
}
