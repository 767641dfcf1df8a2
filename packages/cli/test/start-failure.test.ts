// Why a server did not start, as a person reads it without --verbose: a stdio server's last stderr
// lines (bounded, escaped, the values it was given redacted), and for a remote server what failed —
// DNS, a refused connection, TLS, an HTTP status — with the URL, its query left out. Every server
// is real: a child that writes its cause and exits, a port with nothing listening, a name that
// cannot resolve (`.invalid`: no query leaves the machine), a plain-HTTP loopback server reached
// over https, one that answers 500.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostileServer, removeTempDir } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, runCli, unwrapped, writeConfig } from "./helpers.js";

const SECRET = "sk_live_startfailurecanary1234";

/** A loopback HTTP server answering every request with `status` (text/plain). */
async function plainServer(status: number): Promise<Server> {
  const server = createServer((_, res) => {
    res.writeHead(status, { "content-type": "text/plain" });
    res.end(`plain ${status}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}
const portOf = (server: Server) => (server.address() as AddressInfo).port;

let dir: string;
let plain: Server;
let failing: Server;
let tools: CliRun;
let verbose: CliRun;
beforeAll(async () => {
  plain = await plainServer(200);
  failing = await plainServer(500);
  // A port that had a listener a moment ago and has none now: a refused connection.
  const gone = await plainServer(200);
  const refusedPort = portOf(gone);
  await new Promise((resolve) => gone.close(resolve));
  let path: string;
  ({ dir, path } = writeConfig({
    dies: { ...hostileServer("env-to-stderr"), env: { API_KEY: SECRET } },
    refused: { url: `http://127.0.0.1:${refusedPort}/mcp?key=${SECRET}`, protocol: "2025-11-25" },
    dns: { url: "https://nonexistent.invalid/mcp" },
    tls: { url: `https://127.0.0.1:${portOf(plain)}/mcp`, protocol: "2025-11-25" },
    status: { url: `http://127.0.0.1:${portOf(failing)}/mcp`, protocol: "2025-11-25" },
  }));
  [tools, verbose] = await Promise.all([
    runCli(["tools", path, "--no-color"]),
    runCli(["inspect", path, "--no-color", "--verbose"]),
  ]);
}, 60_000);
afterAll(async () => {
  removeTempDir(dir);
  await Promise.all([plain, failing].map((s) => new Promise((resolve) => s.close(resolve))));
});

/** The lines about one server in `tools`' stderr (its status line and what is indented below it). */
function about(run: CliRun, server: string): string {
  const lines = run.stderr.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`${server}: `));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith(" "));
  return lines.slice(start, end === -1 ? undefined : end).join("\n");
}

describe("a failed start, without --verbose", () => {
  it("shows a stdio server's last stderr lines (at most 3) below its error, the values it was given redacted", () => {
    const text = about(tools, "dies");
    expect(text).toContain("  stderr| fatal: refusing to start");
    expect(text.match(/stderr\|/g)).toHaveLength(3);
    expect(tools.stdout + tools.stderr).not.toContain(SECRET);
    expect(tools.code).toBe(1);
  });

  it("shows up to 10 lines with --verbose, still redacted", () => {
    expect(verbose.stdout).toContain("  stderr| fatal: refusing to start");
    expect(verbose.stdout.match(/stderr\|/g)?.length).toBeGreaterThan(3);
    expect(verbose.stdout + verbose.stderr).not.toContain(SECRET);
  });

  it("says a connection was refused, and where, the URL's query left out", () => {
    const text = unwrapped(about(tools, "refused"));
    expect(text).toMatch(
      /connection refused \(connect ECONNREFUSED 127\.0\.0\.1:\d+\) at http:\/\/127\.0\.0\.1:\d+\/mcp\?…/,
    );
    expect(text).not.toContain("key=");
  });

  it("says a name does not resolve (DNS), naming it", () => {
    expect(unwrapped(about(tools, "dns"))).toContain(
      'DNS: "nonexistent.invalid" does not resolve (getaddrinfo ENOTFOUND nonexistent.invalid) at https://nonexistent.invalid/mcp',
    );
  });

  it("says TLS failed against a plain-HTTP server, without OpenSSL's hex", () => {
    const text = unwrapped(about(tools, "tls"));
    expect(text).toMatch(
      /TLS handshake failed \(ERR_SSL_WRONG_VERSION_NUMBER: does the server speak plain http\?\) at https:\/\/127\.0\.0\.1:\d+\/mcp/,
    );
    expect(text).not.toMatch(/ssl3_record|openssl/i);
  });

  it("names an HTTP status and the URL", () => {
    expect(unwrapped(about(tools, "status"))).toMatch(
      /HTTP 500: .*plain 500 at http:\/\/127\.0\.0\.1:\d+\/mcp/,
    );
  });
});
