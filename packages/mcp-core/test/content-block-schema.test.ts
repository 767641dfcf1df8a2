import { specTypeSchemas } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { ContentBlockSchema } from "../src/tools/content-block-schema.js";

const png = "iVBORw0KGgo=";
const annotated = { type: "text", text: "t" } as const;

/** Blocks a server may send: valid ones, near misses, members the spec does not name. */
const BLOCKS: Array<[string, unknown]> = [
  ["plain text", { type: "text", text: "hi" }],
  ["text with an unknown member (dropped)", { type: "text", text: "hi", extra: 1 }],
  ["text that is a number", { type: "text", text: 5 }],
  ["text with _meta", { type: "text", text: "hi", _meta: { a: 1, b: { c: [] } } }],
  ["text with an array _meta", { type: "text", text: "hi", _meta: [1] }],
  [
    "annotations, every member",
    {
      ...annotated,
      annotations: { audience: ["user", "assistant"], priority: 0.5, lastModified: "2025-01-02T03:04:05Z" },
    },
  ],
  [
    "annotations with an offset date",
    { ...annotated, annotations: { lastModified: "2025-01-02T03:04:05.123+02:00" } },
  ],
  ["annotations with a date only", { ...annotated, annotations: { lastModified: "2025-01-02" } }],
  ["annotations with priority 2", { ...annotated, annotations: { priority: 2 } }],
  ["annotations with an unknown audience", { ...annotated, annotations: { audience: ["system"] } }],
  ["annotations with an unknown member", { ...annotated, annotations: { priority: 0, mood: "x" } }],
  ["image", { type: "image", data: png, mimeType: "image/png" }],
  ["image with data that is not base64", { type: "image", data: "!!not base64!!", mimeType: "image/png" }],
  ["image without a mime type", { type: "image", data: png }],
  ["audio", { type: "audio", data: "AAA=", mimeType: "audio/wav", annotations: { priority: 1 } }],
  ["audio with data that is a number", { type: "audio", data: 1, mimeType: "audio/wav" }],
  [
    "resource link, every member",
    {
      type: "resource_link",
      uri: "file:///a",
      name: "a",
      title: "A",
      description: "d",
      mimeType: "text/plain",
      size: 3,
      icons: [{ src: "https://x/i.png", mimeType: "image/png", sizes: ["16x16"], theme: "dark" }],
      annotations: { audience: ["user"] },
      _meta: { kept: true },
      extra: "dropped",
    },
  ],
  ["resource link without a name", { type: "resource_link", uri: "file:///a" }],
  ["resource link with a string size", { type: "resource_link", uri: "file:///a", name: "a", size: "3" }],
  [
    "resource link with an icon theme the spec lacks",
    { type: "resource_link", uri: "u", name: "a", icons: [{ src: "s", theme: "blue" }] },
  ],
  [
    "embedded text resource",
    { type: "resource", resource: { uri: "file:///a", mimeType: "text/plain", text: "x", extra: 1 } },
  ],
  [
    "embedded blob resource",
    { type: "resource", resource: { uri: "file:///a", blob: png, _meta: { m: 1 } } },
  ],
  [
    "embedded resource with both text and blob",
    { type: "resource", resource: { uri: "u", text: "x", blob: png } },
  ],
  ["embedded blob that is not base64", { type: "resource", resource: { uri: "u", blob: "%%%" } }],
  ["embedded resource with neither", { type: "resource", resource: { uri: "u" } }],
  ["embedded resource without a uri", { type: "resource", resource: { text: "x" } }],
  ["a block of no known type", { type: "video", url: "u" }],
];

describe("content block schema", () => {
  it.each(BLOCKS)("should read %s exactly as the SDK's spec schema does", (_name, block) => {
    const sdk = specTypeSchemas.ContentBlock["~standard"].validate(block);
    if (sdk instanceof Promise) throw new Error("the SDK's schema validated asynchronously");
    const ours = ContentBlockSchema.safeParse(block);
    expect(ours.success).toBe(sdk.issues === undefined);
    if (ours.success && sdk.issues === undefined) expect(ours.data).toStrictEqual(sdk.value);
  });

  it("should take both sides of the table (the table is not all valid or all invalid)", () => {
    const verdicts = new Set(BLOCKS.map(([, block]) => ContentBlockSchema.safeParse(block).success));
    expect(verdicts).toEqual(new Set([true, false]));
  });
});
