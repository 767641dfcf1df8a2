// Bundles consumer.mjs with esbuild, Rollup, webpack and Vite (SSR), each as a Node app would by
// default — no option that steers how a package is resolved — into <out>/<bundler>.(c|m)js.
// Run from the consumer app (the bundlers are its devDependencies). Usage:
//   node bundle.mjs <entry> <out dir>
import { builtinModules } from "node:module";
import { join, resolve } from "node:path";

const [entry, out] = process.argv.slice(2).map((path) => resolve(path));
if (entry === undefined || out === undefined) throw new Error("usage: node bundle.mjs <entry> <out dir>");

const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** esbuild's Node defaults: CommonJS output. */
async function esbuild() {
  const { build } = await import("esbuild");
  const file = join(out, "esbuild.cjs");
  await build({ entryPoints: [entry], bundle: true, platform: "node", outfile: file, logLevel: "error" });
  return file;
}

/**
 * Rollup with the three plugins every Node bundle needs (resolution, CommonJS, JSON), ES output.
 * `exportConditions: ["node"]` is node-resolve's documented setting for a Node target (packages
 * such as the MCP SDK's `pkce-challenge` export only `node` and `browser` builds).
 */
async function rollup() {
  const { rollup: bundle } = await import("rollup");
  const { nodeResolve } = await import("@rollup/plugin-node-resolve");
  const commonjs = (await import("@rollup/plugin-commonjs")).default;
  const json = (await import("@rollup/plugin-json")).default;
  const file = join(out, "rollup.mjs");
  const built = await bundle({
    input: entry,
    external: (id) => builtins.has(id),
    plugins: [nodeResolve({ preferBuiltins: true, exportConditions: ["node"] }), commonjs(), json()],
    // Its warnings (circular imports, `this` at the top of a CommonJS file, the optional imports
    // @redis/client tries) are about dependencies; running the bundle is the check.
    onwarn: () => {},
  });
  await built.write({ file, format: "es", inlineDynamicImports: true });
  await built.close();
  return file;
}

/** webpack for Node (`target: "node"`), unminified so a failure's stack reads. */
async function webpack() {
  const { default: compile } = await import("webpack");
  const config = {
    mode: "production",
    target: "node",
    entry,
    output: { path: out, filename: "webpack.cjs" },
    optimization: { minimize: false },
    devtool: false,
    stats: "errors-only",
  };
  await new Promise((done, fail) =>
    compile(config, (error, stats) => {
      if (error || stats?.hasErrors()) fail(error ?? new Error(stats?.toString("errors-only")));
      else done();
    }),
  );
  return join(out, "webpack.cjs");
}

/** Vite's SSR build with every dependency bundled (`ssr.noExternal`), not left to Node. */
async function vite() {
  const { build } = await import("vite");
  await build({
    configFile: false,
    logLevel: "error",
    root: out,
    ssr: { noExternal: true },
    build: { ssr: entry, outDir: join(out, "vite"), emptyOutDir: true, target: "node20" },
  });
  return join(out, "vite", "consumer.mjs");
}

for (const [name, run] of Object.entries({ esbuild, rollup, webpack, vite })) {
  const started = performance.now();
  const file = await run();
  console.log(`${name}\t${file}\t${Math.round(performance.now() - started)} ms`);
}
