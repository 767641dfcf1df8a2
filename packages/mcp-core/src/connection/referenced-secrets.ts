/**
 * Secrets a server gets through `${NAME}` references: an explicit env entry `DB=${PGPASSWORD}` is not
 * credential-shaped by its own name, but the value it carries is.
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import { isCredentialName } from "../env/credential-shaped.js";
import { referencedNames } from "../env/expand-vars.js";
import type { Redactor } from "../redact/redactor.js";

/**
 * Teaches `redactor` the parent values referenced from the server's config: every `${NAME}` in a
 * static header value, and every credential-shaped `${NAME}` in an explicit env value.
 * @param config The server.
 * @param parentEnv Where the references are looked up.
 * @param redactor The server's redactor.
 */
export function learnReferencedSecrets(
  config: ServerConfig,
  parentEnv: Record<string, string | undefined>,
  redactor: Redactor,
): void {
  const learn = (value: string, only: (name: string) => boolean) => {
    for (const name of referencedNames(value)) {
      const found = parentEnv[name];
      if (typeof found === "string" && only(name)) redactor.pin(found);
    }
  };
  if (config.transport === "stdio") {
    for (const value of Object.values(config.env)) learn(value, isCredentialName);
  } else if (config.headers && typeof config.headers !== "function") {
    for (const value of Object.values(config.headers)) learn(value, () => true);
  }
}
