// The client under test for the MCP conformance suite's client scenarios, built only on the public
// API of the built `@toolnexus/mcp-core`. The runner appends the scenario server's URL as the last
// argument and sets MCP_CONFORMANCE_SCENARIO (and MCP_CONFORMANCE_CONTEXT when a scenario hands the
// client data). The client loads that URL as one HTTP server, lists its tools, calls what the
// scenario needs, closes, and exits 0 when every call succeeded, 1 otherwise.
//
// It stays generic: every listed tool is called once with arguments built from its own input schema.
// Where a scenario says what the client must send, it gets exactly that instead: a context with
// `toolCalls` (http-custom-headers) gives the calls; SCENARIO_CALLS holds the two scenarios whose
// description asks for something else (list only; echo a tool's schema as the core kept it).
//
// The authorization scenarios (`auth/*`) get an `oauth` entry: a pre-registered client when the
// context gives `client_id` (and `client_secret`, pinned to the context's `issuer`), the suite's
// client metadata document URL (used only where the authorization server supports it), else
// dynamic registration — the library picks. The extension scenarios get their own type instead:
// enterprise_managed (the context's IdP, ID token handed by a host callback) and workload_identity
// (the context's valid JWT, from a file).
// Tokens stay in memory. Whenever the server waits for a person, authorization.mjs plays one; a
// call that failed because of it (a step-up) is made once more after the authorization.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadMcp } from "@toolnexus/mcp-core";
import { Authorizer } from "./authorization.mjs";
import { memoryTokenStore } from "./memory-token-store.mjs";

/** Milliseconds per phase (connect, list, each call), well inside the runner's --timeout. */
const PHASE_TIMEOUT_MS = 10_000;
/** The server's name in our config; it only shows in messages. */
const SERVER = "conformance";
/**
 * The client id metadata document URL the suite's authorization servers expect (auth/basic-cimd);
 * they never fetch it.
 */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";
/** Where the authorization server sends the person back; nothing listens, the redirect is read. */
const REDIRECT_URL = "http://127.0.0.1:3000/callback";
/** Authorizations per run: the suite's step-up needs two; a server that never stops challenging, no more than 3. */
const MAX_AUTHORIZATIONS = 3;

const serverUrl = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";

/** The scenario's context object, or an empty one when it sent none. */
function readContext() {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  if (!raw) return {};
  const parsed = JSON.parse(raw);
  return parsed !== null && typeof parsed === "object" ? parsed : {};
}

/** Follows a same-document `$ref` (`#/$defs/x`) and nothing else: network refs are never fetched. */
function resolveLocalRef(schema, root) {
  const ref = schema?.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return schema;
  let node = root;
  for (const part of ref.slice(2).split("/")) node = node?.[part.replaceAll("~1", "/").replaceAll("~0", "~")];
  return node ?? schema;
}

/** One plausible value for a property schema: its default, const or first enum member, else by type. */
function sampleValue(propertySchema, root) {
  const schema = resolveLocalRef(propertySchema, root) ?? {};
  if ("default" in schema) return schema.default;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return sampleArguments(schema, root);
    case "null":
      return null;
    default:
      return "x";
  }
}

/** Arguments for a tool: a sample value for every required property. */
function sampleArguments(schema, root = schema) {
  const properties = schema?.properties ?? {};
  const required = Array.isArray(schema?.required) ? schema.required : [];
  return Object.fromEntries(required.map((name) => [name, sampleValue(properties[name], root)]));
}

/**
 * Scenarios whose description says what the client must call, instead of every tool once. Each
 * returns the calls as `{ rawName, args }`.
 */
const SCENARIO_CALLS = {
  // Serves tools/list only: what it checks is that listing never fetches the schema's network $ref.
  "json-schema-ref-no-deref": () => [],
  // Asks for the focal tool's inputSchema, as the client kept it, sent back through the echo tool.
  "json-schema-2020-12-preservation": (tools) => {
    const focal = tools.find((tool) => tool.rawName === "json_schema_2020_12_tool");
    return [{ rawName: "json_schema_echo", args: { schema: focal?.inputSchema ?? {} } }];
  },
};

/** The calls to make, in order: the context's `toolCalls`, the scenario's own, or every tool once. */
function planCalls(tools, context) {
  if (Array.isArray(context.toolCalls)) {
    return context.toolCalls.map((call) => ({ rawName: call.name, args: call.arguments ?? {} }));
  }
  const scenarioCalls = SCENARIO_CALLS[scenario];
  if (scenarioCalls) return scenarioCalls(tools);
  return tools.map((tool) => ({ rawName: tool.rawName, args: sampleArguments(tool.inputSchema) }));
}

/** The `auth` entry of an authorization scenario: the context's pre-registered client, if any. */
function oauthEntry(context) {
  return {
    type: "oauth",
    clientMetadataUrl: CLIENT_METADATA_URL,
    redirectUrl: REDIRECT_URL,
    ...(typeof context.client_id === "string" ? { clientId: context.client_id } : {}),
    ...(typeof context.client_secret === "string" ? { clientSecret: context.client_secret } : {}),
    // A pre-registered client's secret goes only to the issuer the config pins (the suite's
    // authorization server is on another port, so not on the server's origin).
    ...(typeof context.issuer === "string" ? { issuer: context.issuer } : {}),
  };
}

/**
 * The authorization server the server's protected-resource metadata names first. The enterprise
 * scenarios hand no issuer, and a client secret goes only to a pinned issuer (or one on the
 * server's origin): an administrator writes the issuer into the config; here it is read the way
 * they would look it up.
 */
async function namedIssuer() {
  const { origin, pathname } = new URL(serverUrl);
  const response = await fetch(`${origin}/.well-known/oauth-protected-resource${pathname}`, {
    signal: AbortSignal.timeout(PHASE_TIMEOUT_MS),
  });
  const metadata = await response.json();
  return metadata.authorization_servers?.[0];
}

/**
 * The `auth` entry of an extension scenario: Enterprise-Managed Authorization with the host's ID
 * token (a callback) and the IdP's token endpoint found from its issuer (the suite's IdP publishes
 * minimal metadata), or workload identity with the scenario's valid JWT in a file.
 */
async function extensionEntry(context, files) {
  if (scenario === "auth/enterprise-managed-authorization") {
    return {
      type: "enterprise_managed",
      clientId: context.client_id,
      clientSecret: context.client_secret,
      issuer: await namedIssuer(),
      idp: {
        issuer: context.idp_issuer,
        clientId: context.idp_client_id,
        idToken: async () => context.idp_id_token,
      },
    };
  }
  if (scenario === "auth/wif-jwt-bearer") {
    const file = join(files, "workload.jwt");
    await writeFile(file, context.valid_jwt, { mode: 0o600 });
    return { type: "workload_identity", clientId: context.client_id, assertion: { file } };
  }
  return undefined;
}

async function main() {
  if (!serverUrl?.startsWith("http"))
    throw new Error(`expected the server URL as the last argument, got ${serverUrl}`);
  const context = readContext();
  const needsAuth = scenario.startsWith("auth/");
  const entry = { url: serverUrl, timeout: PHASE_TIMEOUT_MS };
  const files = await mkdtemp(join(tmpdir(), "toolnexus-conformance-"));
  try {
    if (needsAuth) entry.auth = (await extensionEntry(context, files)) ?? oauthEntry(context);
    return await run(context, entry, needsAuth);
  } finally {
    await rm(files, { recursive: true, force: true });
  }
}

/** Loads the server, authorizes it when it waits for a person, makes the planned calls. */
async function run(context, entry, needsAuth) {
  const source = await loadMcp(
    { mcpServers: { [SERVER]: entry } },
    {
      autoRestart: { enabled: false },
      toolCache: null,
      // A server waiting for a person is not a failed start: the authorizer takes it from there.
      failOnStartupError: !needsAuth,
      ...(needsAuth ? { tokenStore: memoryTokenStore() } : {}),
      onElicitation: async () => ({ action: "accept", content: {} }),
      onWarning: (message) => console.error(`warning: ${message}`),
    },
  );
  const authorizer = new Authorizer(SERVER, {
    maxAuthorizations: MAX_AUTHORIZATIONS,
    timeoutMs: PHASE_TIMEOUT_MS,
  });
  const unwatch = authorizer.watch(source);
  let failures = 0;
  try {
    await authorizer.settle(source);
    const [snapshot] = source.servers();
    console.log(`${scenario}: ${snapshot.state}, protocol ${snapshot.protocolVersion ?? "unknown"}`);
    if (snapshot.state !== "running") throw new Error(snapshot.lastError ?? `server is ${snapshot.state}`);
    console.log(`tools: ${source.tools.map((tool) => tool.rawName).join(", ") || "(none)"}`);
    for (const { rawName, args } of planCalls(source.tools, context)) {
      const tool = source.tools.find((candidate) => candidate.rawName === rawName);
      if (!tool) {
        console.error(`call ${rawName}: not in the tool list`);
        failures++;
        continue;
      }
      let result = await tool.execute(args);
      if (result.isError && source.state(SERVER) === "needs-auth") {
        // The call met a challenge (step-up): authorize, then make it once more.
        await authorizer.settle(source);
        result = await tool.execute(args);
      }
      if (result.isError) {
        console.error(
          `call ${rawName}: ${result.error?.code ?? "isError"}: ${result.error?.message ?? result.text}`,
        );
        failures++;
      } else {
        console.log(`call ${rawName}: ok: ${result.text.slice(0, 200)}`);
      }
    }
  } finally {
    unwatch();
    await source.close();
  }
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`client failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
