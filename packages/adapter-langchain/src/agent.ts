/**
 * `@toolnexus/adapter-langchain/agent`: rebinding for LangChain v1 `createAgent` (needs the
 * optional `langchain` peer, which the root entry does not import).
 * @module
 */
export { type McpToolsMiddlewareOptions, mcpToolsMiddleware } from "./mcp-tools-middleware.js";
