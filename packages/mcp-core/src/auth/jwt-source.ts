/**
 * Reads a JWT from where the config says (`JwtSource`): a file (read afresh every time, so a
 * rotated projected token or CI token is picked up), an environment variable, a command's standard
 * output, or the host's function. The value is handed to the redactor before anything else sees
 * it, and no error ever carries it (nor a command's output, which may hold it).
 * @module
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import type { JwtSource } from "../config/enterprise-auth.js";

/** The most bytes a command's output or a token file may have (a JWT is a few KiB). */
const MAX_JWT_BYTES = 64 * 1024;
/** Three base64url segments: the compact JWS form (RFC 7515 §7.1). */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** What a source is, for messages: never its value. */
export function describeJwtSource(source: JwtSource): string {
  if (typeof source === "function") return "the host's function";
  if ("file" in source) return `the file ${source.file}`;
  if ("env" in source) return `the variable ${source.env}`;
  return `the command ${source.command[0]}`;
}

/** Why a source gave no usable JWT (its message names the source, never a value). */
export class JwtSourceError extends Error {
  constructor(source: JwtSource, reason: string) {
    super(`${describeJwtSource(source)} gave no JWT: ${reason}`);
    this.name = "JwtSourceError";
  }
}

function runCommand(command: readonly string[], timeoutMs: number): Promise<string> {
  const [file, ...args] = command;
  return new Promise((resolve, reject) => {
    execFile(
      file ?? "",
      args,
      { timeout: timeoutMs, maxBuffer: MAX_JWT_BYTES, windowsHide: true, encoding: "utf8" },
      (error, stdout) => {
        // Only the exit status or the errno: stderr and stdout may hold the token.
        if (error) {
          const { code, signal } = error as NodeJS.ErrnoException & { signal?: string };
          reject(new Error(signal ? `it was stopped (${signal})` : `it failed (${String(code ?? "error")})`));
        } else resolve(stdout);
      },
    );
  });
}

async function readRaw(source: JwtSource, timeoutMs: number): Promise<string> {
  if (typeof source === "function") return String(await source());
  if ("file" in source) {
    const text = await readFile(source.file, "utf8").catch((error: NodeJS.ErrnoException) => {
      throw new Error(`cannot read it (${error.code ?? "error"})`);
    });
    if (text.length > MAX_JWT_BYTES) throw new Error(`it is larger than ${MAX_JWT_BYTES} bytes`);
    return text;
  }
  if ("env" in source) {
    const value = process.env[source.env];
    if (value === undefined || value === "") throw new Error("it is not set");
    return value;
  }
  return runCommand(source.command, timeoutMs);
}

/**
 * One JWT from `source`, trimmed and checked to be a compact JWS; `onSecret` sees it first.
 * Rejects with {@link JwtSourceError}.
 */
export async function readJwt(
  source: JwtSource,
  options: { timeoutMs: number; onSecret(value: string): void },
): Promise<string> {
  let raw: string;
  try {
    raw = await readRaw(source, options.timeoutMs);
  } catch (error) {
    throw new JwtSourceError(source, error instanceof Error ? error.message : "it failed");
  }
  const jwt = raw.trim();
  if (jwt !== "") options.onSecret(jwt);
  if (!COMPACT_JWS.test(jwt)) throw new JwtSourceError(source, "its value is not a compact JWT");
  return jwt;
}

/** A JWT's claims, unverified (for `exp` and `aud` only: the receiver verifies the signature). */
export function unverifiedClaims(jwt: string): Record<string, unknown> {
  try {
    const claims: unknown = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8"));
    return claims !== null && typeof claims === "object" ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Milliseconds since the epoch at which `jwt` expires, or undefined without a numeric `exp`. */
export function expiresAtOf(jwt: string): number | undefined {
  const { exp } = unverifiedClaims(jwt);
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : undefined;
}
