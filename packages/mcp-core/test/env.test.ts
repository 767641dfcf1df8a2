import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { hasUrlPassword, isCredentialName } from "../src/env/credential-shaped.js";
import { parseEnvFile, parseEnvText } from "../src/env/env-file.js";
import { expandVars } from "../src/env/expand-vars.js";
import { isHijackName } from "../src/env/hijack-names.js";
import { isSafeBaseName, POSIX_SAFE_BASE, safeBaseNames, WINDOWS_SAFE_BASE } from "../src/env/safe-base.js";
import { scopedEnv } from "../src/env/scoped-env.js";
import { isMcpCoreError } from "../src/errors.js";
import { useTempDir } from "./support/harness.js";

interface EnvVector {
  name: string;
  platform: "posix" | "win32";
  parentEnv: Record<string, string>;
  inheritEnv: "all" | string[];
  env: Record<string, string>;
  envFile?: Record<string, string>;
  expected?: Record<string, string>;
  origins?: Record<string, string>;
  error?: { code: string; mentions: string[] };
}

const fixture = JSON.parse(
  readFileSync(new URL("../../../fixtures/env-vectors.json", import.meta.url), "utf8"),
) as { rules: string; vectors: EnvVector[] };

/** Runs `fn` and returns what it threw; fails the test when it does not throw. */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

/** Every value of length ≥ 4 in these records, to check that no message leaks one. */
function valuesOf(...records: Record<string, string>[]): string[] {
  return records.flatMap((record) => Object.values(record)).filter((value) => value.length >= 4);
}

describe("env vectors (fixtures/env-vectors.json)", () => {
  it("should hold at least 20 vectors and a rules paragraph", () => {
    expect(fixture.vectors.length).toBeGreaterThanOrEqual(20);
    expect(fixture.rules.length).toBeGreaterThan(100);
  });

  for (const vector of fixture.vectors) {
    it(`should match: ${vector.name}`, () => {
      const run = () =>
        scopedEnv({
          server: "demo",
          parentEnv: vector.parentEnv,
          inheritEnv: vector.inheritEnv,
          env: vector.env,
          envFileEntries: vector.envFile,
          platform: vector.platform === "win32" ? "win32" : "linux",
        });
      if (vector.error !== undefined) {
        const error = thrown(run);
        expect(isMcpCoreError(error) && error.code).toBe(vector.error.code);
        for (const mention of vector.error.mentions) expect(error.message).toContain(mention);
        for (const value of valuesOf(vector.parentEnv, vector.env))
          expect(error.message).not.toContain(value);
        return;
      }
      const result = run();
      expect(result.env).toEqual(vector.expected);
      expect(result.entries.map((entry) => entry.name)).toEqual(Object.keys(result.env).sort());
      if (vector.origins !== undefined) {
        expect(Object.fromEntries(result.entries.map((entry) => [entry.name, entry.origin]))).toEqual(
          vector.origins,
        );
      }
    });
  }
});

describe("scopedEnv", () => {
  it("should drop undefined parent values in every mode", () => {
    const parentEnv = { PATH: "/bin", GONE: undefined, HOME: undefined };
    expect(scopedEnv({ server: "s", parentEnv, inheritEnv: "all", env: {}, platform: "linux" }).env).toEqual({
      PATH: "/bin",
    });
    expect(scopedEnv({ server: "s", parentEnv, inheritEnv: ["*"], env: {}, platform: "linux" }).env).toEqual({
      PATH: "/bin",
    });
  });

  it("should sort entries by name and be deterministic for reordered input", () => {
    const a = scopedEnv({
      server: "s",
      parentEnv: { USER: "u", PATH: "/bin", HOME: "/h" },
      inheritEnv: [],
      env: { ZED: "1", ALPHA: "2" },
      platform: "linux",
    });
    const b = scopedEnv({
      server: "s",
      parentEnv: { HOME: "/h", PATH: "/bin", USER: "u" },
      inheritEnv: [],
      env: { ALPHA: "2", ZED: "1" },
      platform: "linux",
    });
    expect(a).toEqual(b);
    expect(Object.keys(a.env)).toEqual(["ALPHA", "HOME", "PATH", "USER", "ZED"]);
    expect(a.entries).toEqual([
      { name: "ALPHA", origin: "explicit" },
      { name: "HOME", origin: "base" },
      { name: "PATH", origin: "base" },
      { name: "USER", origin: "base" },
      { name: "ZED", origin: "explicit" },
    ]);
  });

  it("should keep a __proto__ name as data, not as a prototype", () => {
    const parentEnv = JSON.parse('{"__proto__":"x","PATH":"/bin"}') as Record<string, string>;
    const { env } = scopedEnv({ server: "s", parentEnv, inheritEnv: "all", env: {}, platform: "linux" });
    expect(Object.hasOwn(env, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(env)).toBe(Object.prototype);
  });

  it("should pick one spelling deterministically when a win32 parent spells a name twice", () => {
    const { env } = scopedEnv({
      server: "s",
      parentEnv: { Path: "b", PATH: "a" },
      inheritEnv: [],
      env: {},
      platform: "win32",
    });
    expect(env).toEqual({ PATH: "a" });
  });

  it("should default the platform to process.platform", () => {
    const { env } = scopedEnv({
      server: "s",
      parentEnv: { PATH: "/bin", SECRET: "x" },
      inheritEnv: [],
      env: {},
    });
    expect(env).toEqual({ PATH: "/bin" });
  });

  it("should never put a parent value into the error of a missing ${VAR}", () => {
    const parentEnv = {
      PATH: "/bin",
      API_TOKEN: "fake-token-zz9",
      DATABASE_URL: "postgres://u:fake-pw@h/db",
    };
    const error = thrown(() =>
      scopedEnv({ server: "srv", parentEnv, inheritEnv: "all", env: { A: "${API_TOKEN}", B: "${NOPE}" } }),
    );
    expect(error.message).toContain("env.B");
    expect(error.message).toContain("NOPE");
    for (const value of valuesOf(parentEnv)) expect(error.message).not.toContain(value);
  });
});

describe("expandVars", () => {
  const context = { server: "web", field: "headers.Authorization" };

  it("should replace every ${NAME} and leave other dollar forms literal", () => {
    const env = { TOKEN: "t0k", HOST: "h" };
    expect(expandVars("Bearer ${TOKEN}", env, "error", context)).toBe("Bearer t0k");
    expect(expandVars("${HOST}:${TOKEN}${TOKEN}", env, "error", context)).toBe("h:t0kt0k");
    expect(expandVars("$TOKEN ${ } ${9X} ${TOKEN", env, "error", context)).toBe("$TOKEN ${ } ${9X} ${TOKEN");
    expect(expandVars("no refs", env, "error", context)).toBe("no refs");
  });

  it("should not interpret $ patterns in substituted values", () => {
    expect(expandVars("${V}", { V: "$& $1 $$" }, "error", context)).toBe("$& $1 $$");
  });

  it("should substitute an empty string for a missing name with onMissing empty", () => {
    expect(expandVars("a${MISSING}b", {}, "empty", context)).toBe("ab");
    expect(expandVars("a${UNDEF}b", { UNDEF: undefined }, "empty", context)).toBe("ab");
  });

  it("should not treat Object.prototype members as set", () => {
    expect(expandVars("${constructor}${toString}${__proto__}", {}, "empty", context)).toBe("");
    expect(() => expandVars("${constructor}", {}, "error", context)).toThrow(/constructor/);
  });

  it("should throw ENV_INVALID naming server, field and variable, and no value", () => {
    const error = thrown(() =>
      expandVars("Bearer ${API_TOKEN} ${PRESENT}", { PRESENT: "fake-present-1" }, "error", context),
    );
    expect(isMcpCoreError(error)).toBe(true);
    expect(error).toMatchObject({ code: "ENV_INVALID", server: "web" });
    expect(error.message).toContain('"web"');
    expect(error.message).toContain("headers.Authorization");
    expect(error.message).toContain("API_TOKEN");
    expect(error.message).not.toContain("fake-present-1");
  });
});

describe("scrub predicates", () => {
  it("should match credential segments case-insensitively, exempting PWD itself", () => {
    for (const name of [
      "GITHUB_TOKEN",
      "api_key",
      "MY_APIKEY",
      "DB_PASSWD",
      "X_PWD",
      "SESSION",
      "AUTH_HEADER",
      "a_cookie",
    ]) {
      expect(isCredentialName(name), name).toBe(true);
    }
    for (const name of ["PWD", "pwd", "OLDPWD", "KEYRING", "TOKENIZER_DIR", "MONKEY", "PATH"]) {
      expect(isCredentialName(name), name).toBe(false);
    }
  });

  it("should match the short segments PASS, PAT, DSN and joined forms, but not words that only contain them", () => {
    for (const name of [
      "PGPASSWORD",
      "GH_PAT",
      "REDIS_PASS",
      "SENTRY_DSN",
      "AWS_SECRETACCESSKEY",
      "GITHUBTOKEN",
      "OPENAIAPIKEY",
      "MINIO_SECRETKEY",
      "CLIENTSECRETS",
      "githubToken",
    ]) {
      expect(isCredentialName(name), name).toBe(true);
    }
    for (const name of [
      "PASSENGER_APP_ENV",
      "MANPATH",
      "PATHEXT",
      "PATTERN",
      "TOKENIZERS_PARALLELISM",
      "COMPASS_HOME",
      "BYPASS_CACHE",
      "KEYBOARD_LAYOUT",
    ]) {
      expect(isCredentialName(name), name).toBe(false);
    }
  });

  it("should detect URLs that carry a password", () => {
    for (const value of [
      "postgres://u:p@host",
      "redis://:pw@h:6379",
      "x a+b.c-d://u:p@ss@h/",
      "amqp://u:p:q@h",
    ]) {
      expect(hasUrlPassword(value), value).toBe(true);
    }
    for (const value of [
      "https://u@h",
      "https://u:@h",
      "http://h:8080/a?b=c@d",
      "mailto:a@b",
      "p@ss:word",
      "https://h",
    ]) {
      expect(hasUrlPassword(value), value).toBe(false);
    }
  });

  it("should recognise hijack names case-insensitively", () => {
    for (const name of [
      "NODE_OPTIONS",
      "node_options",
      "LD_PRELOAD",
      "DYLD_INSERT_LIBRARIES",
      "ENV",
      "PERL5OPT",
    ]) {
      expect(isHijackName(name), name).toBe(true);
    }
    for (const name of ["NODE_ENV", "MY_ENV", "LDFLAGS", "DYLD", "GIT_AUTHOR_NAME", "JAVA_HOME"])
      expect(isHijackName(name), name).toBe(false);
  });

  it("should keep the safe base lists exactly as the design gives them", () => {
    expect(POSIX_SAFE_BASE.join(" ")).toBe(
      "HOME LOGNAME PATH SHELL TERM USER TMPDIR LANG LC_ALL LC_CTYPE TZ",
    );
    expect(WINDOWS_SAFE_BASE.join(" ")).toBe(
      "APPDATA COMSPEC HOMEDRIVE HOMEPATH LOCALAPPDATA PATH PATHEXT PROCESSOR_ARCHITECTURE PROGRAMDATA " +
        "PROGRAMFILES SYSTEMDRIVE SYSTEMROOT TEMP TMP USERNAME USERPROFILE WINDIR",
    );
    expect(safeBaseNames("win32")).toBe(WINDOWS_SAFE_BASE);
    expect(safeBaseNames("darwin")).toBe(POSIX_SAFE_BASE);
    expect(isSafeBaseName("SystemRoot", "win32")).toBe(true);
    expect(isSafeBaseName("Path", "linux")).toBe(false);
  });
});

describe("parseEnvFile", () => {
  const dir = useTempDir("mcp-core-env-");

  async function fileWith(name: string, text: string): Promise<string> {
    const path = dir.file(name);
    await writeFile(path, text, "utf8");
    return path;
  }

  it("should parse the dotenv syntax", async () => {
    const path = await fileWith(
      "full.env",
      [
        "\uFEFF# a comment",
        "",
        "PLAIN=value",
        "export EXPORTED=yes",
        "  SPACED  =   padded value   ",
        "INLINE=kept # dropped",
        "HASH=a#b",
        "EMPTY=",
        "ONLY_COMMENT= # nothing",
        "SINGLE='lit ${X} \\n # not a comment'  # comment",
        'DOUBLE="line1\\nline2\\t\\"q\\" \\\\ \\x"',
        "URL=postgres://u:p@h/db",
        "DUP=first",
        "DUP=second",
        "export=odd-but-valid",
        "CRLF=yes\r",
      ].join("\n"),
    );
    expect(await parseEnvFile(path, "s")).toEqual({
      PLAIN: "value",
      EXPORTED: "yes",
      SPACED: "padded value",
      INLINE: "kept",
      HASH: "a#b",
      EMPTY: "",
      ONLY_COMMENT: "",
      SINGLE: "lit ${X} \\n # not a comment",
      DOUBLE: 'line1\nline2\t"q" \\ \\x',
      URL: "postgres://u:p@h/db",
      DUP: "second",
      export: "odd-but-valid",
      CRLF: "yes",
    });
  });

  it("should throw ENV_INVALID naming server and path for a missing file", async () => {
    const path = dir.file("absent.env");
    const error = await parseEnvFile(path, "files").catch((e: unknown) => e as Error);
    expect(error).toMatchObject({ code: "ENV_INVALID", server: "files" });
    expect(error.message).toContain('"files"');
    expect(error.message).toContain(path);
    expect(error.message).toContain("not found");
  });

  it("should report an unreadable path without its content", async () => {
    const error = await parseEnvFile(dir.path, "files").catch((e: unknown) => e as Error);
    expect(error).toMatchObject({ code: "ENV_INVALID", server: "files" });
    expect(error.message).toContain("cannot be read");
  });

  it.each([
    ["no equals sign", "OK=1\nfake-secret-no-equals\n"],
    ["a bad name", "OK=1\n1BAD=fake-secret-bad-name\n"],
    ["an unterminated single quote", "OK=1\nA='fake-secret-open\n"],
    ["an unterminated double quote", 'OK=1\nA="fake-secret-open\\"\n'],
    ["text after a single quote", "OK=1\nA='x'fake-secret-after\n"],
    ["text after a double quote", 'OK=1\nA="x" fake-secret-after\n'],
    ["a NUL character in the value", "OK=1\nA=fake-secret\0after\n"],
  ])("should name the line number but not the content for %s", async (_label, text) => {
    const path = await fileWith("bad.env", text);
    const error = await parseEnvFile(path, "files").catch((e: unknown) => e as Error);
    expect(error).toMatchObject({ code: "ENV_INVALID", server: "files" });
    expect(error.message).toContain(path);
    expect(error.message).toContain("line 2");
    expect(error.message).not.toContain("fake-secret");
  });

  it("should keep a __proto__ key as data", () => {
    const entries = parseEnvText("__proto__=x\n", { server: "s", path: "p" });
    expect(Object.hasOwn(entries, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(entries)).toBe(Object.prototype);
  });
});
