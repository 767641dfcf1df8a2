import type { ToolMessage } from "@langchain/core/messages";
import { ToolInputParsingException } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import type { JsonSchemaObject, McpTool, McpToolResult } from "@toolnexus/mcp-core";
import { describe, expect, it } from "vitest";
import { toLangChainTools } from "../src/index.js";
import { refsResolveLocally } from "../src/schema-refs.js";

/** An in-memory McpTool that answers with the JSON of the arguments it received. */
function echoArgsTool(inputSchema: JsonSchemaObject): McpTool & { received: unknown[] } {
  const received: unknown[] = [];
  return {
    name: "mcp__mem__tool",
    server: "mem",
    rawName: "tool",
    description: "echoes its arguments",
    inputSchema,
    received,
    async execute(args): Promise<McpToolResult> {
      received.push(args);
      const text = JSON.stringify(args);
      return { content: [{ type: "text", text }], isError: false, text };
    },
  };
}

const call = (args: Record<string, unknown>) => ({
  name: "mcp__mem__tool",
  args,
  id: "c1",
  type: "tool_call" as const,
});

const localRefs: JsonSchemaObject = {
  type: "object",
  $defs: {
    point: {
      type: "object",
      properties: { x: { type: "number" }, y: { type: "number" } },
      required: ["x", "y"],
    },
    node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } },
  },
  properties: { at: { $ref: "#/$defs/point" }, tree: { $ref: "#/$defs/node" } },
  required: ["at"],
};

describe("JSON Schema pass-through", () => {
  it("should send $defs/$ref schemas to the model unchanged and validate against them", async () => {
    const mcp = echoArgsTool(localRefs);
    const [tool] = toLangChainTools({ tools: [mcp] });
    expect(convertToOpenAITool(tool as NonNullable<typeof tool>).function.parameters).toEqual(localRefs);

    const ok = (await tool?.invoke(
      call({ at: { x: 1, y: 2 }, tree: { children: [{ children: [] }] } }),
    )) as ToolMessage;
    expect(ok.status).toBe("success");
    await expect(tool?.invoke(call({ at: { x: "one" } }))).rejects.toBeInstanceOf(ToolInputParsingException);
    expect(mcp.received).toHaveLength(1);
  });

  it("should leave validation to the server when a $ref cannot be resolved locally", async () => {
    const schema: JsonSchemaObject = {
      type: "object",
      properties: {
        doc: { $ref: "https://example.test/schemas/doc.json" },
        gone: { $ref: "#/$defs/missing" },
      },
    };
    const mcp = echoArgsTool(schema);
    const [tool] = toLangChainTools({ tools: [mcp] });
    const message = (await tool?.invoke(call({ doc: { title: "t" } }))) as ToolMessage;
    expect(message).toMatchObject({ status: "success", content: '{"doc":{"title":"t"}}' });
    expect(mcp.received).toEqual([{ doc: { title: "t" } }]);
    expect(tool?.schema).toEqual(schema);
    expect(convertToOpenAITool(tool as NonNullable<typeof tool>).function.parameters).toEqual(schema);
  });

  it("should neither mutate the core's schema object nor fail on a frozen one", async () => {
    const deepFreeze = <T>(value: T): T => {
      if (value && typeof value === "object") for (const child of Object.values(value)) deepFreeze(child);
      return Object.freeze(value);
    };
    const frozen = deepFreeze(structuredClone(localRefs));
    const mcp = echoArgsTool(frozen);
    const [tool] = toLangChainTools({ tools: [mcp] });
    const message = (await tool?.invoke(call({ at: { x: 1, y: 2 } }))) as ToolMessage;
    expect(message.status).toBe("success");
    await expect(tool?.invoke(call({ at: {} }))).rejects.toBeInstanceOf(ToolInputParsingException);

    const plain = echoArgsTool(structuredClone(localRefs));
    const names = Object.getOwnPropertyNames(plain.inputSchema);
    await toLangChainTools({ tools: [plain] })[0]?.invoke(call({ at: { x: 1, y: 2 } }));
    expect(Object.getOwnPropertyNames(plain.inputSchema)).toEqual(names);
  });

  it.each([
    [{ type: "object" }, true],
    [localRefs, true],
    [
      {
        type: "object",
        definitions: { a: { type: "string" } },
        properties: { a: { $ref: "#/definitions/a" } },
      },
      true,
    ],
    [{ type: "object", properties: { a: { $ref: "#" } } }, true],
    [
      { type: "object", $defs: { "a/b": { type: "string" } }, properties: { a: { $ref: "#/$defs/a~1b" } } },
      true,
    ],
    [{ type: "object", properties: { a: { $ref: "#/$defs/nope" } } }, false],
    [{ type: "object", properties: { a: { $ref: "other.json#/a" } } }, false],
  ])("should tell whether every reference resolves locally (case %#)", (schema, expected) => {
    expect(refsResolveLocally(schema)).toBe(expected);
  });
});
