import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { POSIX_SAFE_BASE } from "../src/env/safe-base.js";
import type { LoadMcpOptions } from "../src/index.js";
import { tempDir, useSources } from "./support/harness.js";

const SECRET = "do-not-leak-8c1f";
const parentEnv = {
  PATH: process.env.PATH,
  HOME: "/home/tester",
  LANG: "C.UTF-8",
  SECRET_TOKEN: SECRET,
  AWS_REGION: "eu-west-1",
  AWS_SECRET_ACCESS_KEY: "aws-secret-value",
  MY_TOKEN: "my-token-value",
};

const sources = useSources({ toolCache: null, env: parentEnv });

async function childEnv(entry: object, options: LoadMcpOptions = {}): Promise<Record<string, string>> {
  const source = await sources.load(
    { mcpServers: { e: { ...stdioServer("mcp-scoped-env"), ...entry } } },
    options,
  );
  const tool = source.tools.find((t) => t.rawName === "env");
  const result = await tool?.execute({});
  if (!result || result.isError)
    throw new Error(`env tool failed: ${result?.text} ${source.servers()[0]?.lastError}`);
  return JSON.parse(result.text) as Record<string, string>;
}

/** Names the OS or Node add to every process, whatever env it was given. */
const strip = (env: Record<string, string>) =>
  Object.keys(env)
    .filter((n) => n !== "PWD" && n !== "SHLVL" && n !== "_")
    .sort();

describe("stdio child environment", () => {
  it("should give the safe base plus explicit env with inheritEnv [] and no parent secret", async () => {
    const env = await childEnv({ inheritEnv: [], env: { MODE: "test" } });
    expect(env.SECRET_TOKEN).toBeUndefined();
    expect(strip(env)).toEqual(["HOME", "LANG", "MODE", "PATH"]);
    expect(strip(env).every((n) => n === "MODE" || POSIX_SAFE_BASE.includes(n))).toBe(true);
  });

  it("should default to [] in the core when inheritEnv is unset", async () => {
    const env = await childEnv({});
    expect(env.SECRET_TOKEN).toBeUndefined();
    expect(strip(env)).toEqual(["HOME", "LANG", "PATH"]);
  });

  it('should pass the whole parent env with defaultInheritEnv "all"', async () => {
    const env = await childEnv({}, { defaultInheritEnv: "all" });
    expect(env.SECRET_TOKEN).toBe(SECRET);
    expect(env.AWS_SECRET_ACCESS_KEY).toBe("aws-secret-value");
  });

  it("should let a server's own inheritEnv override defaultInheritEnv", async () => {
    const env = await childEnv({ inheritEnv: ["AWS_REGION"] }, { defaultInheritEnv: "all" });
    expect(env.SECRET_TOKEN).toBeUndefined();
    expect(env.AWS_REGION).toBe("eu-west-1");
  });

  it("should bring AWS_REGION but not AWS_SECRET_ACCESS_KEY through AWS_*, unless named exactly", async () => {
    const globbed = await childEnv({ inheritEnv: ["AWS_*"] });
    expect(globbed.AWS_REGION).toBe("eu-west-1");
    expect(globbed.AWS_SECRET_ACCESS_KEY).toBeUndefined();
    const named = await childEnv({ inheritEnv: ["AWS_*", "AWS_SECRET_ACCESS_KEY"] });
    expect(named.AWS_SECRET_ACCESS_KEY).toBe("aws-secret-value");
  });

  it("should expand ${VAR} in explicit env from the parent", async () => {
    const env = await childEnv({ env: { TOKEN: "${MY_TOKEN}" } });
    expect(env.TOKEN).toBe("my-token-value");
  });

  it("should fail the start naming an unset variable and the server, leaking no value", async () => {
    const source = await sources.load({
      mcpServers: {
        e: { ...stdioServer("mcp-scoped-env"), env: { TOKEN: "${MISSING_TOKEN}", OTHER: SECRET } },
      },
    });
    const [snapshot] = source.servers();
    expect(snapshot?.state).toBe("error");
    expect(snapshot?.lastError).toContain("MISSING_TOKEN");
    expect(snapshot?.lastError).toContain('"e"');
    expect(JSON.stringify(source.servers())).not.toContain(SECRET);
    expect(source.warnings.join("\n")).not.toContain(SECRET);
  });

  it("should read envFile entries as explicit env, with env winning over them", async () => {
    const file = join(tempDir("envfile-"), ".env");
    writeFileSync(file, "# comment\nFROM_FILE=file-value\nSHARED=from-file\n");
    const env = await childEnv({ envFile: file, env: { SHARED: "from-env" } });
    expect(env.FROM_FILE).toBe("file-value");
    expect(env.SHARED).toBe("from-env");
  });

  it("should list the names the child got and why in servers(), never values", async () => {
    await childEnv({ inheritEnv: ["AWS_*"], env: { MODE: "x" } });
    const snapshot = sources.all()[0]?.servers()[0];
    expect(snapshot?.env).toEqual([
      { name: "AWS_REGION", origin: "inherited" },
      { name: "HOME", origin: "base" },
      { name: "LANG", origin: "base" },
      { name: "MODE", origin: "explicit" },
      { name: "PATH", origin: "base" },
    ]);
    expect(JSON.stringify(snapshot)).not.toContain("eu-west-1");
  });
});
