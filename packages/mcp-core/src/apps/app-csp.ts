/**
 * An app resource's declared sandbox (`_meta.ui` of its `resources/read` content: `csp`,
 * `permissions`, `domain`, `prefersBorder`), validated deny-by-default: a field this library does
 * not know, a value of the wrong type and a domain that is not a plain origin are dropped, and
 * each drop is named so the host can log it. What is kept can only narrow the extension's
 * restrictive default, never widen it past what the server declared.
 * @module
 */
import type { McpAppCsp, McpAppPermissions } from "../app-types.js";
import { isObject } from "../is-object.js";

/** The CSP fields the extension defines (`McpUiResourceCsp`), each a list of origins. */
export const CSP_FIELDS = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const;

/** The permissions the extension defines (`McpUiResourcePermissions`), each `{}` when asked for. */
export const PERMISSION_FIELDS = ["camera", "microphone", "geolocation", "clipboardWrite"] as const;

/** The most origins one CSP field keeps; the rest are dropped. */
export const MAX_CSP_ORIGINS = 32;

/** What an app resource's `_meta.ui` declares, after validation. */
export interface McpAppSandbox {
  csp: McpAppCsp;
  permissions: McpAppPermissions;
  domain?: string;
  prefersBorder?: boolean;
  /** What validation dropped, as paths (`csp.connectDomains[1]`, `permissions.usb`). */
  dropped: string[];
}

const HOST = "(?:\\*\\.)?[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*";
// An origin and nothing else: https/wss anywhere, http/ws on loopback only; no path, no spaces, no
// quotes or semicolons that would let one entry smuggle another directive into the host's CSP.
const ORIGIN = new RegExp(
  `^(?:(?:https|wss)://${HOST}|(?:http|ws)://(?:localhost|127\\.0\\.0\\.1|\\[::1\\]))(?::\\d{1,5})?$`,
);
const DOMAIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*$/;

/** True for a CSP origin the library passes on. */
export function isAppOrigin(value: unknown): value is string {
  return typeof value === "string" && value.length <= 253 && ORIGIN.test(value);
}

function readCsp(value: unknown, dropped: string[]): McpAppCsp {
  const csp: McpAppCsp = {};
  if (value === undefined) return csp;
  if (!isObject(value)) {
    dropped.push("csp");
    return csp;
  }
  for (const [key, list] of Object.entries(value)) {
    if (!(CSP_FIELDS as readonly string[]).includes(key)) {
      dropped.push(`csp.${key}`);
      continue;
    }
    if (!Array.isArray(list)) {
      dropped.push(`csp.${key}`);
      continue;
    }
    const kept: string[] = [];
    list.forEach((origin, i) => {
      if (isAppOrigin(origin) && kept.length < MAX_CSP_ORIGINS && !kept.includes(origin)) kept.push(origin);
      else dropped.push(`csp.${key}[${i}]`);
    });
    if (kept.length > 0) csp[key as keyof McpAppCsp] = kept;
  }
  return csp;
}

function readPermissions(value: unknown, dropped: string[]): McpAppPermissions {
  const permissions: McpAppPermissions = {};
  if (value === undefined) return permissions;
  if (!isObject(value)) {
    dropped.push("permissions");
    return permissions;
  }
  for (const [key, asked] of Object.entries(value)) {
    if ((PERMISSION_FIELDS as readonly string[]).includes(key) && isObject(asked)) {
      permissions[key as keyof McpAppPermissions] = {};
    } else dropped.push(`permissions.${key}`);
  }
  return permissions;
}

/** The sandbox `ui` (a content's `_meta.ui`) declares, validated; `undefined` declares none. */
export function readAppSandbox(ui: unknown): McpAppSandbox {
  const dropped: string[] = [];
  if (ui === undefined) return { csp: {}, permissions: {}, dropped };
  if (!isObject(ui)) return { csp: {}, permissions: {}, dropped: ["ui"] };
  const sandbox: McpAppSandbox = {
    csp: readCsp(ui.csp, dropped),
    permissions: readPermissions(ui.permissions, dropped),
    dropped,
  };
  if (ui.domain !== undefined) {
    if (typeof ui.domain === "string" && ui.domain.length <= 253 && DOMAIN.test(ui.domain)) {
      sandbox.domain = ui.domain;
    } else dropped.push("domain");
  }
  if (ui.prefersBorder !== undefined) {
    if (typeof ui.prefersBorder === "boolean") sandbox.prefersBorder = ui.prefersBorder;
    else dropped.push("prefersBorder");
  }
  // Other keys of `ui` are not passed on (deny by default); they are not sandbox fields to report.
  return sandbox;
}
