/**
 * The spec's `ContentBlock` schema, as the MCP SDK 2.4 defines it (`specTypeSchemas.ContentBlock`,
 * from `@modelcontextprotocol/core`), written out here so that reading a block does not load the MCP
 * client: the adapters convert prompt results at import-free call sites, and importing
 * `@toolnexus/mcp-core/adapter` must not pay for the client. Same rules, same order, same output
 * (objects drop members the spec does not name); `test/content-block-schema.test.ts` holds it equal
 * to the SDK's over a table of valid and invalid blocks, so an SDK upgrade that changes the spec's
 * schema fails there.
 * @module
 */
import { z } from "zod";

/** Base64 as the SDK checks it: whatever `atob` accepts (no regex, so huge payloads do not overflow). */
const Base64Schema = z.string().refine(
  (value) => {
    try {
      atob(value);
      return true;
    } catch {
      return false;
    }
  },
  { message: "Invalid Base64 string" },
);

const MetaSchema = z.record(z.string(), z.unknown()).optional();

const AnnotationsSchema = z.object({
  audience: z.array(z.enum(["user", "assistant"])).optional(),
  priority: z.number().min(0).max(1).optional(),
  lastModified: z.iso.datetime({ offset: true }).optional(),
});

const IconSchema = z.object({
  src: z.string(),
  mimeType: z.string().optional(),
  sizes: z.array(z.string()).optional(),
  theme: z.enum(["light", "dark"]).optional(),
});

const ResourceContentsSchema = z.object({
  uri: z.string(),
  mimeType: z.optional(z.string()),
  _meta: MetaSchema,
});

const TextContentSchema = z.object({
  type: z.literal("text"),
  text: z.string(),
  annotations: AnnotationsSchema.optional(),
  _meta: MetaSchema,
});

const ImageContentSchema = z.object({
  type: z.literal("image"),
  data: Base64Schema,
  mimeType: z.string(),
  annotations: AnnotationsSchema.optional(),
  _meta: MetaSchema,
});

const AudioContentSchema = z.object({
  type: z.literal("audio"),
  data: Base64Schema,
  mimeType: z.string(),
  annotations: AnnotationsSchema.optional(),
  _meta: MetaSchema,
});

const ResourceLinkSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  icons: z.array(IconSchema).optional(),
  uri: z.string(),
  description: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  size: z.optional(z.number()),
  annotations: AnnotationsSchema.optional(),
  _meta: z.optional(z.looseObject({})),
  type: z.literal("resource_link"),
});

const EmbeddedResourceSchema = z.object({
  type: z.literal("resource"),
  resource: z.union([
    ResourceContentsSchema.extend({ text: z.string() }),
    ResourceContentsSchema.extend({ blob: Base64Schema }),
  ]),
  annotations: AnnotationsSchema.optional(),
  _meta: MetaSchema,
});

/** One MCP content block: text, image, audio, resource link or embedded resource. */
export const ContentBlockSchema = z.union([
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ResourceLinkSchema,
  EmbeddedResourceSchema,
]);
