import { sourceLoader } from "@toolnexus/fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { childEnv, local, tool } from "./helpers.js";

describe("M4: least-privilege env", () => {
  const sources = sourceLoader(loadMcp);
  let saved: string | undefined;

  beforeEach(() => {
    saved = process.env.SECRET_TOKEN;
    process.env.SECRET_TOKEN = "parent-secret-value";
  });

  afterEach(async () => {
    await sources.closeAll();
    if (saved === undefined) delete process.env.SECRET_TOKEN;
    else process.env.SECRET_TOKEN = saved;
  });

  it("should give a child with inheritEnv: [] only the safe base and its explicit env", async () => {
    const source = await sources.load(
      { mcp: { env: local("mcp-scoped-env", [], { inheritEnv: [], environment: { EXPLICIT: "yes" } }) } },
      { toolCache: false },
    );
    const env = await childEnv(tool(source, "env_env"));
    expect(env).not.toHaveProperty("SECRET_TOKEN");
    expect(env.EXPLICIT).toBe("yes");
    expect(env.PATH).toBe(process.env.PATH);
    const safeBase = [
      "HOME",
      "LOGNAME",
      "PATH",
      "SHELL",
      "TERM",
      "USER",
      "TMPDIR",
      "LANG",
      "LC_ALL",
      "LC_CTYPE",
      "TZ",
    ];
    expect(Object.keys(env).filter((name) => !safeBase.includes(name) && name !== "EXPLICIT")).toEqual([]);
  });

  it("should apply defaultInheritEnv to servers without inheritEnv and let a server's own inheritEnv win", async () => {
    const source = await sources.load(
      {
        mcp: {
          plain: local("mcp-scoped-env"),
          named: local("mcp-scoped-env", [], { inheritEnv: ["SECRET_TOKEN"] }),
          everything: local("mcp-scoped-env", [], { inheritEnv: "all" }),
        },
      },
      { defaultInheritEnv: [], toolCache: false },
    );
    expect(await childEnv(tool(source, "plain_env"))).not.toHaveProperty("SECRET_TOKEN");
    expect((await childEnv(tool(source, "named_env"))).SECRET_TOKEN).toBe("parent-secret-value");
    expect((await childEnv(tool(source, "everything_env"))).SECRET_TOKEN).toBe("parent-secret-value");
  });

  it("should pass ${VAR} in environment values literally, as toolnexus does", async () => {
    const source = await sources.load(
      { mcp: { env: local("mcp-scoped-env", [], { environment: { LITERAL: "${NOPE_UNSET_VAR}" } }) } },
      { toolCache: false },
    );
    expect(source.status).toEqual({ env: "connected" });
    expect((await childEnv(tool(source, "env_env"))).LITERAL).toBe("${NOPE_UNSET_VAR}");
  });

  it('should keep the implicit "all" but warn once, naming inheritEnv and each server it applies to', async () => {
    const warnings: string[] = [];
    const missing = { type: "local", command: ["/nonexistent/toolnexus-test-server"] };
    const source = await sources.load(
      {
        mcp: {
          plain: local("mcp-scoped-env"),
          chosen: { ...missing, inheritEnv: [] },
          off: { ...missing, enabled: false },
          remote: { type: "remote", url: "http://127.0.0.1:9/mcp" },
        },
      },
      { toolCache: false, onWarning: (warning) => warnings.push(warning) },
    );
    // Parity: the child still gets the whole parent environment.
    expect((await childEnv(tool(source, "plain_env"))).SECRET_TOKEN).toBe("parent-secret-value");
    const named = warnings.filter((warning) => warning.includes("inheritEnv"));
    expect(named).toEqual([
      'MCP server "plain" gets the whole parent environment, secrets included: no inheritEnv is set and ' +
        'toolnexus\'s default is "all". Set inheritEnv on the server ([] for the safe base, or the names it ' +
        "needs) or the defaultInheritEnv option to choose.",
    ]);
  });

  it('should not warn when the caller chose defaultInheritEnv, even "all"', async () => {
    const warnings: string[] = [];
    await sources.load(
      { mcp: { gone: { type: "local", command: ["/nonexistent/toolnexus-test-server"] } } },
      { toolCache: false, defaultInheritEnv: "all", onWarning: (warning) => warnings.push(warning) },
    );
    expect(warnings.length).toBeGreaterThan(0); // the failed start is reported
    expect(warnings.filter((warning) => warning.includes("inheritEnv"))).toEqual([]);
  });
});
