/**
 * The preview of a JSON result: whole first items of its top array or object (a model reads a few
 * complete records better than the head of a cut one), itself valid JSON. An item too large to fit
 * whole is previewed the same way, one level down, when it is an array or object.
 * @module
 */

/** The least room worth opening a container for: less than this shows only a bracket pair. */
const MIN_NESTED_CHARS = 32;

/** A JSON preview: the text, and how many of the top level's items it shows whole or in part. */
export interface JsonPreview {
  json: string;
  shownItems: number;
  totalItems: number;
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

/**
 * Valid JSON of `value` in at most `budget` characters, or undefined when not one item fits. Only the
 * top level opens an item too large to fit (`nested` is false there): below it items are whole.
 */
function previewValue(
  value: unknown,
  budget: number,
  nested = false,
): { json: string; shown: number } | undefined {
  if (!isContainer(value)) {
    const json = JSON.stringify(value) ?? "null";
    return json.length <= budget ? { json, shown: 1 } : undefined;
  }
  const isArray = Array.isArray(value);
  const pairs: [string, unknown][] = isArray
    ? (value as unknown[]).map((item) => ["", item])
    : Object.entries(value as Record<string, unknown>);
  const parts: string[] = [];
  let used = 2;
  for (const [key, item] of pairs) {
    const prefix = isArray ? "" : `${JSON.stringify(key)}:`;
    const comma = parts.length > 0 ? 1 : 0;
    const whole = JSON.stringify(item) ?? "null";
    if (used + comma + prefix.length + whole.length <= budget) {
      parts.push(prefix + whole);
      used += comma + prefix.length + whole.length;
      continue;
    }
    const room = budget - used - comma - prefix.length;
    // Only an item that could never fit whole is opened (a wrapper's big array): records stay whole.
    const opens = !nested && isContainer(item) && whole.length > budget && room >= MIN_NESTED_CHARS;
    const part = opens ? previewValue(item, room, true) : undefined;
    if (part !== undefined) parts.push(prefix + part.json);
    break;
  }
  if (parts.length === 0 && pairs.length > 0) return undefined;
  const json = isArray ? `[${parts.join(",")}]` : `{${parts.join(",")}}`;
  return { json, shown: parts.length };
}

/**
 * The preview of `text` as JSON in at most `maxChars` characters, or undefined when it is not a JSON
 * array or object or not one item fits (then the caller cuts the text).
 */
export function jsonPreview(text: string, maxChars: number): JsonPreview | undefined {
  const first = text.search(/\S/);
  if (first < 0 || (text[first] !== "[" && text[first] !== "{")) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isContainer(value)) return undefined;
  let preview: ReturnType<typeof previewValue>;
  try {
    preview = previewValue(value, maxChars);
  } catch {
    // Nested deeper than JSON.stringify can go (JSON.parse reads any depth): the text cut takes it.
    return undefined;
  }
  if (preview === undefined) return undefined;
  const totalItems = Array.isArray(value) ? value.length : Object.keys(value).length;
  return { json: preview.json, shownItems: preview.shown, totalItems };
}
