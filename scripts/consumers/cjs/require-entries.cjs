// A plain CommonJS consumer: `require()` of every entry of every package (Node >= 20.19 loads the
// ES modules through their `default` condition), then one real tool call through each package
// against the `basic` fixture server (its path is the first argument).
"use strict";
const assert = require("node:assert/strict");
const { writeFileSync, mkdtempSync, rmSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");

const core = require("@toolnexus/mcp-core");
const kit = require("@toolnexus/mcp-core/adapter");
const langchain = require("@toolnexus/adapter-langchain");
const langchainAgent = require("@toolnexus/adapter-langchain/agent");
const aiSdk = require("@toolnexus/adapter-ai-sdk");
const toolnexus = require("@toolnexus/adapter-toolnexus");
const redis = require("@toolnexus/store-redis");
const cli = require("@toolnexus/cli");

for (const [entry, name] of [
  [core, "loadMcp"],
  [kit, "createResourceTools"],
  [langchain, "createLangChainToolkit"],
  [langchainAgent, "mcpToolsMiddleware"],
  [aiSdk, "toAiSdkTools"],
  [toolnexus, "loadMcp"],
  [redis, "createRedisStores"],
  [cli, "main"],
]) {
  assert.equal(typeof entry[name], "function", `${name} is exported`);
}

const server = { command: process.execPath, args: [process.argv[2]] };
const config = { mcpServers: { basic: server } };

async function main() {
  const source = await core.loadMcp(config, { toolCache: null });
  try {
    const echo = source.tools.find((tool) => tool.name === "mcp__basic__echo");
    assert.equal((await echo.execute({ text: "core" })).text, "core");

    const aiTools = aiSdk.toAiSdkTools(source);
    const aiOutput = await aiTools.mcp__basic__echo.execute(
      { text: "ai-sdk" },
      { toolCallId: "1", messages: [] },
    );
    assert.equal(aiOutput.text, "ai-sdk");

    const toolkit = langchain.createLangChainToolkit(source);
    const message = await toolkit.runToolCall({
      name: "mcp__basic__echo",
      args: { text: "langchain" },
      id: "1",
    });
    assert.equal(message.content, "langchain");
    assert.equal(typeof langchainAgent.mcpToolsMiddleware(toolkit).wrapModelCall, "function");
    toolkit.dispose();
  } finally {
    await source.close();
  }

  const legacy = await toolnexus.loadMcp(config);
  try {
    const echo = legacy.tools.find((tool) => tool.name === "basic_echo");
    assert.deepEqual(await echo.execute({ text: "toolnexus" }), {
      output: "toolnexus",
      isError: false,
      metadata: { server: "basic" },
    });
  } finally {
    await legacy.close();
  }

  // The CLI's API prints to stdout: the echo's text is this script's last line.
  const dir = mkdtempSync(join(tmpdir(), "consumer-cli-"));
  try {
    const file = join(dir, "mcp.json");
    writeFileSync(file, JSON.stringify(config));
    assert.equal(await cli.main(["call", file, "mcp__basic__echo", '{"text":"cli"}']), 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () =>
    console.log(
      "require(): every entry loads; core, ai-sdk, langchain, toolnexus and cli called the fixture",
    ),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
