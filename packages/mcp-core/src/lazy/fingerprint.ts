import { createHash } from "node:crypto";
import type { ServerConfig } from "../config/server-config.js";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * The cache key of a server's listing: a hash of what decides which server runs. Env and header
 * values enter only as hashes, so no value can be read back from a key or an entry.
 */
export function configFingerprint(config: ServerConfig): string {
  const input =
    config.transport === "stdio"
      ? {
          v: 1,
          transport: "stdio",
          command: config.command,
          args: config.args,
          cwd: config.cwd ?? null,
          envFile: config.envFile ?? null,
          env: Object.keys(config.env)
            .sort()
            .map((name) => [name, sha256(config.env[name] ?? "")]),
        }
      : {
          v: 1,
          transport: config.transport,
          url: config.url,
          headers: typeof config.headers === "object" ? Object.keys(config.headers).sort() : [],
        };
  return sha256(JSON.stringify(input));
}
