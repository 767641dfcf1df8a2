// Benchmark (not a test) for big tool sets, issue #18, over the catalog fixture (10 servers x 50 tools):
// 1. tool-definition bytes the model receives per step, deferred loading vs not (target: <= 10 %);
// 2. recall@1 and recall@3 of `source.searchTools` over the catalog's query set (targets >= 0.7, >= 0.9);
// 3. lazy servers spawned before the first call of a loaded tool (target: 0, then exactly 1).
// Run with `npm run bench` (builds first) or `node bench/tool-search.mjs` after a build. Prints the
// figures and writes them to bench/tool-search-results.json.
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createAiSdkToolset } from "@toolnexus/adapter-ai-sdk";
import { countEvents, makeTempDir, readLog, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { CATALOG_SETS, catalogConfig, catalogQueries, catalogTools } from "@toolnexus/fixtures/catalog";
import { loadMcp } from "@toolnexus/mcp-core";
import { fileToolCache } from "@toolnexus/mcp-core/stores";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";

const TOOLS_PER_SET = 50;
const TOTAL_TOOLS = CATALOG_SETS.length * TOOLS_PER_SET;
const SEARCH_TOOLS = "mcp_search_tools";
const LOAD_TOOLS = "mcp_load_tools";
/** The intent the scripted model searches for, loads the top 3 hits of, and then calls the first. */
const AGENT_QUERY = "who is on call for payments right now";
const TARGETS = {
  deferredBytesRatio: 0.1,
  recallAt1: 0.7,
  recallAt3: 0.9,
  spawnsBeforeCall: 0,
  spawnsAfterCall: 1,
};
// `--out FILE` writes the figures elsewhere (the harness's smoke run must not rewrite the committed file).
const outFlag = process.argv.indexOf("--out");
const RESULTS_FILE =
  outFlag > 0 ? process.argv[outFlag + 1] : new URL("./tool-search-results.json", import.meta.url);

const workDir = makeTempDir("toolnexus-tool-search-");
const log = join(workDir, "catalog.log");
const cacheDir = join(workDir, "cache");
const lazyConfig = catalogConfig({ lazy: true, log });
const spawns = () => countEvents(log, "start");

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/**
 * A model that plays `script` one step per call and records the JSON size of the tool definitions
 * it was given on each step.
 */
function scriptedModel(script) {
  const steps = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      const play = script[steps.length];
      if (!play) throw new Error(`the scripted model has no step ${steps.length + 1}`);
      const tools = options.tools ?? [];
      steps.push({ bytes: JSON.stringify(tools).length, toolNames: tools.map((tool) => tool.name) });
      const content = await play(options);
      const calls = content.some((part) => part.type === "tool-call");
      return {
        content,
        finishReason: { unified: calls ? "tool-calls" : "stop", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  return { model, steps };
}

const toolCall = (toolName, input) => ({
  type: "tool-call",
  toolCallId: `call-${toolName}`,
  toolName,
  input: JSON.stringify(input),
});
const say = (text) => [{ type: "text", text }];

/** The model-facing tool names mentioned in the conversation so far, in order of appearance. */
function namesInPrompt(prompt) {
  return [...new Set(JSON.stringify(prompt).match(/mcp__[A-Za-z0-9]+__[A-Za-z0-9_-]+/g) ?? [])];
}

/** Arguments that satisfy a tool's required parameters (what a model would fill in). */
function sampleArgs(schema) {
  const samples = { string: "x", integer: 1, number: 1, boolean: true, array: [], object: {} };
  return Object.fromEntries(
    (schema.required ?? []).map((name) => {
      const property = schema.properties?.[name] ?? {};
      return [name, property.enum?.[0] ?? samples[property.type] ?? "x"];
    }),
  );
}

/** Loads the catalog lazily once so background discovery fills the listing cache, then closes it. */
async function fillCache() {
  const cold = await loadMcp(lazyConfig, { toolCache: fileToolCache(cacheDir) });
  try {
    await waitFor(() => cold.tools.length === TOTAL_TOOLS, { timeoutMs: 60_000, message: "discovery" });
    await waitFor(() => readdirSync(cacheDir).length === CATALOG_SETS.length, {
      timeoutMs: 10_000,
      message: "cache entries",
    });
  } finally {
    await cold.close();
  }
}

/** recall@1 and recall@3 of searchTools over the query set, with the misses and the time per search. */
/** Common English words that say nothing about which tool is meant. */
const STOPWORDS = new Set(
  (
    "a an and any are as at be by do does did for from has have how i i'm in is it its me my no not of on " +
    "or our so that the their them then there these they this to up us was we were what when where which " +
    "who why will with you your"
  ).split(" "),
);

/** Lowercase words of a text, identifiers split, stopwords and one-letter words dropped. */
function words(text) {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/'s\b/g, "")
    .split(/[^a-z0-9']+/)
    .filter((word) => word.length > 1 && !STOPWORDS.has(word));
}

/** A rough stem: the first 5 letters of a longer word ("shared", "share" and "sharing" meet). */
const stem = (word) => word.slice(0, 5);

/** Every stem of a tool as a search index sees it: name, title, description, parameter names and descriptions. */
function toolStems(tool) {
  const parameters = Object.entries(tool.inputSchema.properties ?? {}).map(
    ([name, schema]) => `${name} ${schema.description ?? ""}`,
  );
  return new Set(words([tool.name, tool.title ?? "", tool.description, ...parameters].join(" ")).map(stem));
}

/**
 * The queries that share no word (roughly: no 5-letter stem) with their expected tool: a lexical
 * ranker (BM25 or other) cannot rank the tool for them above a tool that shares even one word, so
 * they bound what lexical search can reach on this set.
 */
function queriesWithoutSharedWord(queries) {
  const vocabulary = new Map(
    CATALOG_SETS.flatMap((set) => catalogTools(set).map((tool) => [`${set}/${tool.name}`, toolStems(tool)])),
  );
  return queries
    .filter(({ query, expected }) => !words(query).some((word) => vocabulary.get(expected).has(stem(word))))
    .map(({ query, expected }) => ({ query, expected }));
}

function measureRecall(source) {
  const queries = catalogQueries();
  let at1 = 0;
  let at3 = 0;
  const misses = [];
  const started = performance.now();
  for (const { query, expected } of queries) {
    const got = source.searchTools(query, { limit: 3 }).map((hit) => `${hit.server}/${hit.rawName}`);
    const rank = got.indexOf(expected) + 1;
    if (rank === 1) at1++;
    if (rank >= 1) at3++;
    if (rank !== 1) misses.push({ query, expected, rank: rank || null, got });
  }
  const msPerQuery = (performance.now() - started) / queries.length;
  return {
    queries: queries.length,
    recallAt1: at1 / queries.length,
    recallAt3: at3 / queries.length,
    msPerQuery,
    misses,
    noSharedWord: queriesWithoutSharedWord(queries),
  };
}

/** Bytes of tool definitions the model receives on a step when nothing is deferred. */
async function measureEager(source) {
  const toolset = createAiSdkToolset(source);
  try {
    const { model, steps } = scriptedModel([() => say("done")]);
    await generateText({
      model,
      tools: toolset.tools,
      prepareStep: toolset.prepareStep,
      prompt: AGENT_QUERY,
    });
    return steps[0];
  } finally {
    toolset.dispose();
  }
}

/**
 * The deferred run: search, load the top 3 hits, call the first, answer. Records the tool bytes of
 * every step and the number of lazy servers spawned just before the call and after the run.
 */
async function measureDeferred(source, spawnBaseline) {
  const toolset = createAiSdkToolset(source, { deferLoading: {} });
  const run = { loaded: [], called: undefined, spawnsBeforeCall: undefined, spawnsAfterCall: undefined };
  try {
    if (!(SEARCH_TOOLS in toolset.tools)) return { unavailable: "the AI SDK toolset offers no meta-tools" };
    const { model, steps } = scriptedModel([
      () => [toolCall(SEARCH_TOOLS, { query: AGENT_QUERY })],
      ({ prompt }) => {
        run.loaded = namesInPrompt(prompt).slice(0, 3);
        return [toolCall(LOAD_TOOLS, { names: run.loaded })];
      },
      () => {
        run.spawnsBeforeCall = spawns() - spawnBaseline;
        const tool = source.tools.find((candidate) => candidate.name === run.loaded[0]);
        run.called = tool?.name;
        return tool ? [toolCall(tool.name, sampleArgs(tool.inputSchema))] : say("nothing to call");
      },
      () => say("done"),
    ]);
    const result = await generateText({
      model,
      tools: toolset.tools,
      prepareStep: toolset.prepareStep,
      stopWhen: stepCountIs(4),
      prompt: AGENT_QUERY,
    });
    run.spawnsAfterCall = spawns() - spawnBaseline;
    run.spawnedServers = readLog(log)
      .filter((entry) => entry.event === "start")
      .slice(spawnBaseline)
      .map((entry) => entry.server);
    const toolResults = result.steps.flatMap((step) => step.toolResults ?? []);
    run.callResult = toolResults.find((part) => part.toolName === run.called)?.output;
    return { steps, ...run };
  } finally {
    toolset.dispose();
  }
}

/**
 * JSON as the repository's formatter (biome, 110 columns) prints it, so a bench run leaves `npm run
 * lint` clean: objects one key per line, an array of scalars on one line when it fits.
 */
function formatJson(value, indent = "", prefix = "", suffix = "") {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    if (value.every((item) => item === null || typeof item !== "object")) {
      const flat = `[${value.map((item) => JSON.stringify(item)).join(", ")}]`;
      if (indent.length + prefix.length + flat.length + suffix.length <= 110) return flat;
    }
    return `[\n${value
      .map((item, i) => inner + formatJson(item, inner, "", i < value.length - 1 ? "," : ""))
      .join(",\n")}\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return "{}";
    const lines = entries.map(([key, item], i) => {
      const keyText = `${JSON.stringify(key)}: `;
      return `${inner}${keyText}${formatJson(item, inner, keyText, i < entries.length - 1 ? "," : "")}`;
    });
    return `{\n${lines.join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

const pct = (value) => `${(value * 100).toFixed(1)} %`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const verdict = (met) => (met ? "target met" : "TARGET MISSED");
const line = (label, value, note = "") =>
  console.log(`${label.padEnd(52)} ${String(value).padStart(12)}  ${note}`);

let source;
try {
  await fillCache();
  const spawnBaseline = spawns();
  source = await loadMcp(lazyConfig, { toolCache: fileToolCache(cacheDir) });
  const listed = source.tools.length;
  const spawnsAtLoad = spawns() - spawnBaseline;

  const recall = measureRecall(source);
  const eager = await measureEager(source);
  const spawnsBeforeRun = spawns() - spawnBaseline;
  const deferred = await measureDeferred(source, spawnBaseline);

  console.log(
    `tool search over the catalog fixture (${CATALOG_SETS.length} lazy servers, warm listing cache)`,
  );
  line(
    "tools listed without spawning a server",
    `${listed}/${TOTAL_TOOLS}`,
    `${spawnsAtLoad} spawned at load`,
  );
  line(
    "tool definitions per step, nothing deferred",
    kib(eager.bytes),
    `${eager.toolNames.length} tools, ~${Math.round(eager.bytes / 4000)}k tokens at 4 bytes a token`,
  );
  const results = {
    date: new Date().toISOString(),
    catalog: { servers: CATALOG_SETS.length, tools: listed },
    bytesPerStep: { notDeferred: eager.bytes, notDeferredTools: eager.toolNames.length },
    recall: { ...recall, targets: { recallAt1: TARGETS.recallAt1, recallAt3: TARGETS.recallAt3 } },
    lazy: { spawnsAtLoad, spawnsDuringSearchAndListing: spawnsBeforeRun },
  };
  if (deferred.unavailable) {
    line("deferred loading", "n/a", deferred.unavailable);
    results.bytesPerStep.deferred = null;
    results.lazy.note = deferred.unavailable;
  } else {
    const [first, , afterLoad] = deferred.steps;
    const ratio = Math.max(first.bytes, afterLoad?.bytes ?? 0) / eager.bytes;
    line("tool definitions, deferred, step 1", kib(first.bytes), `${first.toolNames.join(", ")}`);
    line(
      "tool definitions, deferred, after loading 3",
      kib(afterLoad?.bytes ?? 0),
      `${deferred.loaded.join(", ")}`,
    );
    line(
      "deferred / not deferred (the larger step)",
      pct(ratio),
      verdict(ratio <= TARGETS.deferredBytesRatio),
    );
    const lazyMet =
      spawnsBeforeRun === 0 &&
      deferred.spawnsBeforeCall === TARGETS.spawnsBeforeCall &&
      deferred.spawnsAfterCall === TARGETS.spawnsAfterCall;
    line("lazy servers spawned before the loaded tool's call", deferred.spawnsBeforeCall, "");
    line(
      "lazy servers spawned after it",
      deferred.spawnsAfterCall,
      `${deferred.spawnedServers.join(", ")} for ${deferred.called}: ${verdict(lazyMet)}`,
    );
    results.bytesPerStep = {
      ...results.bytesPerStep,
      deferred: deferred.steps.map((step) => ({ bytes: step.bytes, tools: step.toolNames })),
      ratio,
      target: TARGETS.deferredBytesRatio,
    };
    results.lazy = {
      ...results.lazy,
      loaded: deferred.loaded,
      called: deferred.called,
      callResult: deferred.callResult,
      spawnsBeforeCall: deferred.spawnsBeforeCall,
      spawnsAfterCall: deferred.spawnsAfterCall,
      spawnedServers: deferred.spawnedServers,
    };
  }
  line(
    `searchTools recall@1 (${recall.queries} queries)`,
    recall.recallAt1.toFixed(2),
    verdict(recall.recallAt1 >= TARGETS.recallAt1),
  );
  line(
    `searchTools recall@3 (${recall.queries} queries)`,
    recall.recallAt3.toFixed(2),
    verdict(recall.recallAt3 >= TARGETS.recallAt3),
  );
  line("searchTools time per query", `${recall.msPerQuery.toFixed(2)} ms`);
  line(
    "queries sharing no word with their expected tool",
    recall.noSharedWord.length,
    `so recall@3 of word matching without synonyms is at most about ${((recall.queries - recall.noSharedWord.length) / recall.queries).toFixed(2)}`,
  );
  if (recall.misses.length > 0) console.log("misses at 1 (query -> expected [its rank]; got):");
  for (const miss of recall.misses) {
    const rank = miss.rank ? `at ${miss.rank}` : "not in top 3";
    console.log(`  "${miss.query}" -> ${miss.expected} [${rank}]; got ${miss.got.join(", ") || "nothing"}`);
  }
  writeFileSync(RESULTS_FILE, `${formatJson(results)}\n`);
  console.log(`written to ${RESULTS_FILE}`);
} finally {
  await source?.close();
  removeTempDir(workDir);
}
