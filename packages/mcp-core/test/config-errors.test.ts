import { describe, expect, it } from "vitest";
import { configRejection } from "./support/harness.js";

const P = "Invalid MCP config: ";

describe("parseConfig errors", () => {
  it.each([
    [
      "missing command and url",
      { s: {} },
      'server "s": expected "command" (local server) or "url" (remote server), got neither',
    ],
    [
      "empty command",
      { s: { command: "" } },
      'server "s", field "command": expected a non-empty string, got empty string',
    ],
    [
      "blank command",
      { s: { command: "  " } },
      'server "s", field "command": expected a non-empty string, got blank string',
    ],
    [
      "command of the wrong type",
      { s: { command: 7 } },
      'server "s", field "command": expected a string or an array of strings, got number',
    ],
    [
      "empty argv command",
      { s: { command: [] } },
      'server "s", field "command": expected a non-empty array of strings, got empty array',
    ],
    [
      "non-string argv element",
      { s: { command: ["node", true] } },
      'server "s", field "command[1]": expected a non-empty string, got boolean',
    ],
    [
      "non-string arg",
      { s: { command: "x", args: ["a", 5] } },
      'server "s", field "args[1]": expected a string, got number',
    ],
    [
      "NUL in an arg (spawn would quote the value in its error)",
      { s: { command: "x", args: ["a", "b\0c"] } },
      'server "s", field "args[1]": expected a string without a NUL character, got a string with a NUL character',
    ],
    [
      "NUL in an env value",
      { s: { command: "x", env: { TOKEN: "fake-secret\0tail" } } },
      'server "s", field "env.TOKEN": expected a string without a NUL character, got a string with a NUL character',
    ],
    [
      "NUL in an env name",
      { s: { command: "x", environment: { "A\0B": "v" } } },
      'server "s", field "environment["A\\u0000B"]": expected an env name without a NUL character, got a name with a NUL character',
    ],
    [
      "NUL in the command",
      { s: { command: ["node\0x"] } },
      'server "s", field "command[0]": expected a non-empty string without a NUL character, got a string with a NUL character',
    ],
    [
      "NUL in cwd",
      { s: { command: "x", cwd: "/tmp\0x" } },
      'server "s", field "cwd": expected a non-empty string without a NUL character, got a string with a NUL character',
    ],
    [
      "args not an array",
      { s: { command: "x", args: "a b" } },
      'server "s", field "args": expected an array of strings, got string',
    ],
    [
      "unparsable URL",
      { s: { url: "not a url" } },
      'server "s", field "url": expected an http or https URL, got a string that is not a URL',
    ],
    [
      "non-http(s) URL",
      { s: { url: "ws://h/mcp" } },
      'server "s", field "url": expected an http or https URL, got a URL with scheme "ws"',
    ],
    [
      "URL of the wrong type",
      { s: { url: 80 } },
      'server "s", field "url": expected an http or https URL, got number',
    ],
    [
      "type stdio with a url and no command",
      { s: { type: "stdio", url: "http://h" } },
      'server "s", field "type": expected a "command" for type "stdio", got only a "url"',
    ],
    [
      "type remote with a command and no url",
      { s: { type: "remote", command: "x" } },
      'server "s", field "type": expected a "url" for type "remote", got only a "command"',
    ],
    [
      "unknown type",
      { s: { type: "websocket", url: "http://h" } },
      'server "s", field "type": expected one of "stdio", "local", "http", "streamable-http", "streamableHttp", "remote", "sse", got string',
    ],
    [
      "non-boolean enabled",
      { s: { command: "x", enabled: "no" } },
      'server "s", field "enabled": expected a boolean, got string',
    ],
    [
      "non-boolean disabled",
      { s: { command: "x", disabled: 1 } },
      'server "s", field "disabled": expected a boolean, got number',
    ],
    [
      "zero timeout",
      { s: { command: "x", timeout: 0 } },
      'server "s", field "timeout": expected a positive integer (milliseconds), got zero',
    ],
    [
      "negative timeout",
      { s: { command: "x", timeout: -5 } },
      'server "s", field "timeout": expected a positive integer (milliseconds), got negative number',
    ],
    [
      "fractional timeout",
      { s: { command: "x", timeout: 1.5 } },
      'server "s", field "timeout": expected a positive integer (milliseconds), got non-integer number',
    ],
    [
      "NaN timeout",
      { s: { command: "x", timeout: Number.NaN } },
      'server "s", field "timeout": expected a positive integer (milliseconds), got NaN',
    ],
    [
      "infinite timeout",
      { s: { command: "x", timeout: Number.POSITIVE_INFINITY } },
      'server "s", field "timeout": expected a positive integer (milliseconds), got infinite number',
    ],
    [
      "blank URL",
      { s: { type: "http", url: " " } },
      'server "s", field "url": expected an http or https URL, got blank string',
    ],
    [
      "empty name",
      { "": { command: "x" } },
      'server "": expected a server name matching [A-Za-z0-9_-]{1,32}, got empty string',
    ],
    [
      "string timeout",
      { s: { command: "x", timeout: "30s" } },
      'server "s", field "timeout": expected a positive integer (milliseconds), got string',
    ],
    [
      "bad idleTimeoutMs",
      { s: { command: "x", idleTimeoutMs: 0 } },
      'server "s", field "idleTimeoutMs": expected a positive integer (milliseconds), got zero',
    ],
    [
      "inheritEnv string other than all",
      { s: { command: "x", inheritEnv: "ALL" } },
      'server "s", field "inheritEnv": expected "all" or an array of env names, got string',
    ],
    [
      "inheritEnv with an empty name",
      { s: { command: "x", inheritEnv: ["HOME", ""] } },
      'server "s", field "inheritEnv[1]": expected a non-empty string, got empty string',
    ],
    [
      "tools not an object",
      { s: { command: "x", tools: ["read"] } },
      'server "s", field "tools": expected an object of booleans (and include/exclude arrays of globs), got array',
    ],
    [
      "tools.include not an array",
      { gh: { command: "x", tools: { include: "create_*" } } },
      'server "gh", field "tools.include": expected an array of globs, got string',
    ],
    [
      "tools.exclude not an array",
      { gh: { command: "x", tools: { exclude: { delete_repo: true } } } },
      'server "gh", field "tools.exclude": expected an array of globs, got object',
    ],
    [
      "an empty glob in tools.include",
      { gh: { command: "x", tools: { include: ["create_*", ""] } } },
      'server "gh", field "tools.include[1]": expected a non-empty string (a glob), got empty string',
    ],
    [
      "a non-string glob in tools.exclude",
      { gh: { command: "x", tools: { exclude: [3] } } },
      'server "gh", field "tools.exclude[0]": expected a non-empty string (a glob), got number',
    ],
    [
      "a glob list under a tool name",
      { gh: { command: "x", tools: { inclde: ["create_*"] } } },
      'server "gh", field "tools.inclde": expected a boolean (an array of globs goes under "include" or "exclude"), got array',
    ],
    [
      "toolFilter not a function (a JSON config cannot give one)",
      { gh: { command: "x", toolFilter: "t => true" } },
      'server "gh", field "toolFilter": expected a function (toolFilter works only in a config object), got string',
    ],
    [
      "toolTimeouts not an object",
      { gh: { command: "x", toolTimeouts: 5000 } },
      'server "gh", field "toolTimeouts": expected an object of positive integers (milliseconds), got number',
    ],
    [
      "a zero tool timeout",
      { gh: { command: "x", toolTimeouts: { search: 0 } } },
      'server "gh", field "toolTimeouts.search": expected a positive integer (milliseconds), got zero',
    ],
    [
      "a tool timeout of the wrong type",
      { gh: { command: "x", toolTimeouts: { "fs.read": "5s" } } },
      'server "gh", field "toolTimeouts["fs.read"]": expected a positive integer (milliseconds), got string',
    ],
    [
      "a fractional tool timeout",
      { gh: { command: "x", toolTimeouts: { search: 1.5 } } },
      'server "gh", field "toolTimeouts.search": expected a positive integer (milliseconds), got non-integer number',
    ],
    [
      "a tool timeout beyond the timer limit",
      { gh: { command: "x", toolTimeouts: { search: 2 ** 31 } } },
      'server "gh", field "toolTimeouts.search": expected at most 2147483647 ms (about 24.8 days, the longest a timer can wait), got a larger number',
    ],
    [
      "defer not a boolean",
      { gh: { command: "x", defer: "yes" } },
      'server "gh", field "defer": expected a boolean, got string',
    ],
    [
      "tools value not a boolean",
      { s: { command: "x", tools: { read: "yes" } } },
      'server "s", field "tools.read": expected a boolean, got string',
    ],
    [
      "tools key with a dot",
      { s: { command: "x", tools: { "fs.read": 1 } } },
      'server "s", field "tools["fs.read"]": expected a boolean, got number',
    ],
    [
      "bad autoRestart field",
      { s: { command: "x", autoRestart: { maxRetries: -1 } } },
      'server "s", field "autoRestart.maxRetries": expected a non-negative integer, got negative number',
    ],
    [
      "bad autoRestart",
      { s: { command: "x", autoRestart: "yes" } },
      'server "s", field "autoRestart": expected an object ({} for the defaults, { enabled: false } to turn it off), got string',
    ],
    [
      "boolean autoRestart",
      { s: { command: "x", autoRestart: false } },
      'server "s", field "autoRestart": expected an object ({} for the defaults, { enabled: false } to turn it off), got boolean',
    ],
    [
      "bad healthCheck field",
      { s: { command: "x", healthCheck: { failures: 0 } } },
      'server "s", field "healthCheck.failures": expected a positive integer, got zero',
    ],
    [
      "env not an object",
      { s: { command: "x", env: ["A=1"] } },
      'server "s", field "env": expected an object of strings, got array',
    ],
    [
      "empty cwd",
      { s: { command: "x", cwd: "" } },
      'server "s", field "cwd": expected a non-empty string, got empty string',
    ],
    [
      "envFile of the wrong type",
      { s: { command: "x", envFile: {} } },
      'server "s", field "envFile": expected a non-empty string, got object',
    ],
    [
      "headers not an object",
      { s: { url: "http://h", headers: "Bearer x" } },
      'server "s", field "headers": expected an object of strings, got string',
    ],
    ["entry not an object", { s: "npx server" }, 'server "s": expected an object, got string'],
    ["entry null", { s: null }, 'server "s": expected an object, got null'],
    // Found by the config fuzz: such headers passed the config and the server only failed to start.
    [
      "header name with a space",
      { s: { url: "http://h", headers: { "X Token": "t" } } },
      `server "s", field "headers["X Token"]": expected a header name (letters, digits and !#$%&'*+-.^_\`|~), got a name with other characters`,
    ],
    [
      "header value with a line break",
      { s: { url: "http://h", headers: { Authorization: "Bearer sk-secret\nX-Evil: 1" } } },
      'server "s", field "headers.Authorization": expected a header value (no line break, NUL or character above U+00FF), got a string with such a character',
    ],
    // Found by the config fuzz: objects that are not plain read "expected an object, got object".
    ["entry a Map", { s: new Map([["command", "x"]]) }, 'server "s": expected an object, got Map object'],
    [
      "env a class instance",
      { s: { command: "x", env: new (class Env {})() } },
      'server "s", field "env": expected an object of strings, got class instance',
    ],
    [
      "name with other characters",
      { "my.server": { command: "x" } },
      'server "my.server": expected a server name matching [A-Za-z0-9_-]{1,32}, got a name with other characters',
    ],
  ])("should report %s with the server and field", async (_title, entries, line) => {
    expect(await configRejection({ mcpServers: entries })).toStrictEqual({
      code: "CONFIG_INVALID",
      server: Object.keys(entries)[0],
      message: `${P}${line}`,
    });
  });

  it("should report a server name used under two wrapper keys", async () => {
    expect(
      await configRejection({
        mcpServers: { s: { command: "x" } },
        mcp: { t: { command: ["y"] }, s: { command: ["y"] } },
      }),
    ).toStrictEqual({
      code: "CONFIG_INVALID",
      server: "s",
      message: `${P}server "s": duplicate server name (in "mcpServers" and "mcp")`,
    });
  });

  it.each([
    ["top level an array", [{ command: "x" }], `${P}expected an object at the top level, got array`],
    ["top level null", null, `${P}expected an object at the top level, got null`],
    ["top level a number", 42, `${P}expected an object at the top level, got number`],
    ["top level a Date", new Date(0), `${P}expected an object at the top level, got Date object`],
    [
      "wrapper not an object",
      { mcpServers: [] },
      `${P}field "mcpServers": expected an object of servers, got empty array`,
    ],
  ])("should report %s without a server", async (_title, config, message) => {
    expect(await configRejection(config)).toStrictEqual({
      code: "CONFIG_INVALID",
      server: undefined,
      message,
    });
  });

  it("should collect every problem of the whole config into one error, one line each", async () => {
    const error = await configRejection({
      mcpServers: { a: { command: "x", args: [1], timeout: 0 }, "b c": { url: "ftp://h" } },
      mcp: "nope",
    });
    expect(error.server).toBe("a");
    expect(error.message.split("\n")).toStrictEqual([
      `${P}field "mcp": expected an object of servers, got string`,
      `${P}server "a", field "args[0]": expected a string, got number`,
      `${P}server "a", field "timeout": expected a positive integer (milliseconds), got zero`,
      `${P}server "b c": expected a server name matching [A-Za-z0-9_-]{1,32}, got a name with other characters`,
      `${P}server "b c", field "url": expected an http or https URL, got a URL with scheme "ftp"`,
    ]);
  });

  it("should never put an env or header value into a message", async () => {
    const error = await configRejection({
      s: { command: "x", env: { TOKEN: 987654321, OK: "fine" }, environment: { KEY: ["sk-live-secret"] } },
      h: { url: "https://h", headers: { Authorization: { bearer: "sk-live-secret" } } },
    });
    expect(error.message).toBe(
      [
        `${P}server "s", field "env.TOKEN": expected a string, got number`,
        `${P}server "s", field "environment.KEY": expected a string, got array`,
        `${P}server "h", field "headers.Authorization": expected a string, got object`,
      ].join("\n"),
    );
    expect(error.message).not.toContain("987654321");
    expect(error.message).not.toContain("sk-live-secret");
  });
});
