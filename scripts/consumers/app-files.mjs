// The package.json and package-lock.json of a consumer app that installs this repository's packed
// packages and pins every third-party package at the version this checkout's package-lock.json
// holds (so `npm ci` installs exactly what the workspace tests, mostly from the npm cache its own
// `npm ci` filled). Usage:
//   node app-files.mjs <repo root> <app dir> <name=tarball>... -- <third-party name>... [--dev <name@version>...]
// The third-party names are what the app itself depends on (peers of the adapters, typescript…);
// the packages' own runtime dependencies are followed from the lockfile. `--dev` names tools the
// workspace does not lock (the bundlers): they go to the manifest's devDependencies at the version
// given, not to the lockfile, so `npm install` resolves them from the registry and keeps the rest.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Where Node would find `name` from the package at lock path `from` (walking up node_modules). */
function locate(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

/** Dependencies a package needs at run time: its own, optional ones, and its non-optional peers. */
function runtimeDeps(entry) {
  const optionalPeers = new Set(
    Object.entries(entry.peerDependenciesMeta ?? {}).flatMap(([name, meta]) => (meta.optional ? [name] : [])),
  );
  return [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name)),
  ];
}

/**
 * The app's manifest and lockfile (v3): `tarballs` (package name → .tgz path) are workspace packages
 * of `root`; `thirdParty` names are taken at the version `root`'s lockfile hoists to its top level.
 */
export function appFiles(root, tarballs, thirdParty, devDependencies = {}) {
  const source = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")).packages;
  const dependencies = Object.fromEntries(
    Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]),
  );
  const manifest = { name: "consumer-app", version: "1.0.0", private: true, type: "commonjs", dependencies };
  if (Object.keys(devDependencies).length > 0) manifest.devDependencies = devDependencies;
  const packages = { "": { name: manifest.name, version: manifest.version, dependencies } };
  const queue = [];
  for (const [name, tarball] of Object.entries(tarballs)) {
    const workspace = source[`node_modules/${name}`]?.resolved;
    const entry = workspace && source[workspace];
    if (!entry) throw new Error(`${name} is not a workspace package of ${root}`);
    const { devDependencies: _dev, ...kept } = entry;
    packages[`node_modules/${name}`] = { ...kept, resolved: `file:${tarball}` };
    for (const dep of runtimeDeps(entry)) {
      if (tarballs[dep]) continue;
      const at = locate(source, workspace, dep);
      if (at) queue.push(at);
    }
  }
  for (const name of thirdParty) {
    const at = `node_modules/${name}`;
    const version = source[at]?.version;
    if (!version || source[at].link)
      throw new Error(`${name} is not a registry package at the top of ${root}'s lockfile`);
    dependencies[name] = version;
    queue.push(at);
  }
  while (queue.length > 0) {
    const at = queue.shift();
    const entry = source[at];
    if (!entry || packages[at] || entry.link) continue;
    // A copy under a workspace folder (packages/x/node_modules/…) has no place in the app.
    if (!at.startsWith("node_modules/")) throw new Error(`${at}: a dependency nested in a workspace`);
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...kept } = entry;
    packages[at] = kept;
    for (const dep of runtimeDeps(entry)) {
      const found = locate(source, at, dep);
      if (found) queue.push(found);
    }
  }
  const lock = {
    name: manifest.name,
    version: manifest.version,
    lockfileVersion: 3,
    requires: true,
    packages,
  };
  return { manifest, lock };
}

const [root, app, ...rest] = process.argv.slice(2);
const split = rest.indexOf("--");
const devSplit = rest.includes("--dev") ? rest.indexOf("--dev") : rest.length;
const tarballs = Object.fromEntries(
  rest.slice(0, split).map((pair) => {
    const at = pair.indexOf("=");
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
// `name@version`, the name possibly scoped (`@rollup/plugin-json@6.1.0`).
const devDependencies = Object.fromEntries(
  rest.slice(devSplit + 1).map((spec) => {
    const at = spec.lastIndexOf("@");
    return [spec.slice(0, at), spec.slice(at + 1)];
  }),
);
const { manifest, lock } = appFiles(root, tarballs, rest.slice(split + 1, devSplit), devDependencies);
writeFileSync(join(app, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(join(app, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
