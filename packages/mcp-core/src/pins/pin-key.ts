import { createHash } from "node:crypto";
import type { ServerConfig } from "../config/server-config.js";

/**
 * The key of a server's pins: a hash of its name and of what decides which program answers — the
 * command, arguments and working directory, or the URL. Env and header values are left out: a
 * rotated credential is the same server, and must not start its pins over (a new key trusts the
 * next listing on first use). Env names are in, as they can select another program's behaviour.
 */
export function pinKey(config: ServerConfig): string {
  const input =
    config.transport === "stdio"
      ? {
          v: 1,
          server: config.name,
          transport: "stdio",
          command: config.command,
          args: config.args,
          cwd: config.cwd ?? null,
          env: Object.keys(config.env).sort(),
        }
      : { v: 1, server: config.name, transport: config.transport, url: config.url };
  return createHash("sha256").update(JSON.stringify(input), "utf8").digest("hex");
}
