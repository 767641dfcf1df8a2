/**
 * Values that carry a credential whatever their name: a URL with a password, a connection string
 * or flag assigning a password or key, a webhook URL (whose path is the secret), a secret-shaped
 * token (an issuer's key prefix, a JWT, a PEM private key). Found with `indexOf`: linear, no regex.
 * @module
 */
import { hasSecretToken } from "./secret-token.js";
import { hasUrlPassword } from "./url-password.js";

/**
 * Assignments whose value is a secret, matched case-insensitively when something non-empty follows
 * the `=` (not `;`, `&`, `,`, a quote or whitespace): ODBC/ADO.NET/JDBC connection strings
 * (`Password=`, `Pwd=`), Azure storage and service bus connection strings (`AccountKey=`,
 * `SharedAccessKey=`, `SharedAccessSignature=`), `--password=` flags, `?password=` queries.
 */
export const SECRET_ASSIGNMENTS: readonly string[] = Object.freeze([
  "password=",
  "passwd=",
  "pwd=",
  "accountkey=",
  "sharedaccesskey=",
  "sharedaccesssignature=",
]);

/**
 * URL parts (lower-case, matched anywhere) after which the rest of the URL is a secret: incoming
 * webhooks post as anyone who knows them (Slack, Discord, Microsoft Teams), a Telegram bot token.
 */
export const SECRET_URL_PARTS: readonly string[] = Object.freeze([
  "hooks.slack.com/services/",
  "hooks.slack.com/workflows/",
  "hooks.slack.com/triggers/",
  "discord.com/api/webhooks/",
  "discordapp.com/api/webhooks/",
  "webhook.office.com/",
  "api.telegram.org/bot",
]);

const isAlphanumeric = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Ends an assigned value: `; & ,`, quotes or whitespace. */
const endsValue = (code: number) =>
  code === 59 || code === 38 || code === 44 || code === 34 || code === 39 || code <= 32;

/**
 * Whether `lower` has `part` followed by a non-empty value. A short key (`pwd=`) counts only at the
 * start of a word (`xpwd=` is not one); the long ones anywhere (`dbpassword=`, `storageaccountkey=`).
 */
function assigns(lower: string, part: string): boolean {
  const wordStart = part.length <= 4;
  for (let at = lower.indexOf(part); at >= 0; at = lower.indexOf(part, at + 1)) {
    const next = lower.charCodeAt(at + part.length);
    if (Number.isNaN(next) || endsValue(next)) continue;
    if (!wordStart || at === 0 || !isAlphanumeric(lower.charCodeAt(at - 1))) return true;
  }
  return false;
}

/** Whether `lower` has `part` followed by at least one character of a URL path. */
function hasSecretPath(lower: string, part: string): boolean {
  const at = lower.indexOf(part);
  const next = at < 0 ? Number.NaN : lower.charCodeAt(at + part.length);
  return !Number.isNaN(next) && next > 32;
}

/**
 * Whether a value carries a credential: a URL with a password (`postgres://u:p@h`, see
 * `urlPasswords`), one of {@link SECRET_ASSIGNMENTS} with a value, one of
 * {@link SECRET_URL_PARTS} with a path after it, or a secret-shaped token (see `secretTokenSpans`).
 */
export function isCredentialValue(value: string): boolean {
  if (hasUrlPassword(value) || hasSecretToken(value)) return true;
  const lower = value.toLowerCase();
  return (
    SECRET_ASSIGNMENTS.some((part) => assigns(lower, part)) ||
    SECRET_URL_PARTS.some((part) => hasSecretPath(lower, part))
  );
}
