// A lockfile for an empty folder that installs the packed CLI and core offline: the core's runtime
// dependency tree is copied from this checkout's package-lock.json (whose tarballs `npm ci` put in
// the npm cache, found there by their integrity), the two packages point at their tarballs.
import { readFileSync } from "node:fs";
import { join } from "node:path";

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

/** Where Node would find `name` from the package at lock path `from` (walking up node_modules). */
function locate(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

function runtimeDeps(entry: LockEntry): string[] {
  const optionalPeers = new Set(
    Object.entries(entry.peerDependenciesMeta ?? {}).flatMap(([n, m]) => (m.optional ? [n] : [])),
  );
  return [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter((n) => !optionalPeers.has(n)),
  ];
}

/**
 * The lockfile (v3) of an app depending on `tarballs` (package name → absolute .tgz path), each a
 * workspace package of `root` whose runtime dependencies are taken from the root lockfile.
 */
export function offlineLockfile(root: string, tarballs: Record<string, string>): object {
  const rootLock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const source = rootLock.packages;
  const out: Record<string, LockEntry> = {
    "": {
      name: "app",
      version: "1.0.0",
      dependencies: Object.fromEntries(Object.entries(tarballs).map(([n, t]) => [n, `file:${t}`])),
    },
  };
  const queue: string[] = [];
  for (const [name, tarball] of Object.entries(tarballs)) {
    const link = source[`node_modules/${name}`];
    const workspace = link?.resolved;
    const entry = workspace ? source[workspace] : undefined;
    if (!entry) throw new Error(`${name} is not a workspace package of ${root}`);
    const { devDependencies: _dev, ...kept } = entry;
    out[`node_modules/${name}`] = { ...kept, resolved: `file:${tarball}` };
    for (const dep of runtimeDeps(entry)) {
      const at = locate(source, workspace as string, dep);
      if (at && !tarballs[dep]) queue.push(at);
    }
  }
  while (queue.length > 0) {
    const at = queue.shift() as string;
    const entry = source[at];
    if (!entry || out[at] || entry.link) continue;
    const { dev: _dev, devOptional: _devOptional, ...kept } = entry;
    out[at] = kept;
    for (const dep of runtimeDeps(entry)) {
      const found = locate(source, at, dep);
      if (found) queue.push(found);
    }
  }
  return { name: "app", version: "1.0.0", lockfileVersion: 3, requires: true, packages: out };
}
