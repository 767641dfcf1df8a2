// The layer check against this repository, and against small repositories written for each way a
// layer map is broken, so a check that stopped finding a kind of problem fails here. `npm test` runs
// it first (`node --test scripts/layer-map.test.mjs`, a few seconds).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { checkLayers } from "./layer-map.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const made = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const MAP = `
<!-- layer-map packages/ apart -->

| layer    | package                    | what |
| -------- | -------------------------- | ---- |
| adapters | \`adapter-a/\`, \`adapter-b/\` | x    |
| engine   | \`core/\`                  | x    |

<!-- layer-map packages/core/src/ -->

| layer  | folder / file          | what |
| ------ | ---------------------- | ---- |
| top    | \`index.ts\`, \`calls/\` | x    |
| ground | \`errors.ts\`          | x    |
`;

/** A small repository: three packages, `files` (path → text) under `packages/`, the map above. */
function repo(files, map = MAP) {
  const root = mkdtempSync(join(tmpdir(), "layer-map-"));
  made.push(root);
  writeFileSync(join(root, "ARCHITECTURE.md"), map);
  for (const [name, npmName] of [
    ["core", "@t/core"],
    ["adapter-a", "@t/adapter-a"],
    ["adapter-b", "@t/adapter-b"],
  ]) {
    mkdirSync(join(root, "packages", name, "src"), { recursive: true });
    writeFileSync(join(root, "packages", name, "package.json"), JSON.stringify({ name: npmName }));
  }
  const base = {
    "core/src/index.ts": `export { call } from "./calls/call.js";`,
    "core/src/calls/call.ts": `import { McpError } from "../errors.js";\nexport const call = McpError;`,
    "core/src/errors.ts": "export class McpError extends Error {}",
    "adapter-a/src/index.ts": `import { call } from "@t/core";\nexport const a = call;`,
    "adapter-b/src/index.ts": `import type { McpError } from "@t/core";\nexport type B = McpError;`,
  };
  for (const [path, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(dirname(join(root, "packages", path)), { recursive: true });
    writeFileSync(join(root, "packages", path), text);
  }
  return root;
}

const problemsOf = (files, map) => checkLayers(repo(files, map), { pending: [] }).problems;

test("this repository keeps its layer map", () => {
  const { problems, files } = checkLayers(repoRoot);
  assert.deepEqual(problems, []);
  assert.ok(files > 100, `read ${files} source files`);
});

test("a repository that keeps its map has no problem", () => {
  assert.deepEqual(problemsOf({}), []);
});

test("an import up a layer is one", () => {
  const [problem, ...rest] = problemsOf({
    "core/src/errors.ts": `import type { call } from "./calls/call.js";\nexport class McpError extends Error {}\nexport type C = typeof call;`,
  });
  assert.match(problem, /errors\.ts \(ground\) imports .*calls\/call\.ts \(top\): up a layer/);
  // The same two files import each other: a circle too.
  assert.match(rest.join("\n"), /import circle/);
});

test("an adapter importing another adapter is one", () => {
  assert.match(
    problemsOf({ "adapter-b/src/index.ts": `export { a } from "@t/adapter-a";` }).join("\n"),
    /adapter-b\/src\/index\.ts imports packages\/adapter-a\/src\/: across the "adapters" row/,
  );
});

test("the engine importing an adapter is one", () => {
  assert.match(
    problemsOf({ "core/src/calls/extra.ts": `export * from "@t/adapter-a";` }).join("\n"),
    /core\/src\/calls\/extra\.ts \(engine\) imports packages\/adapter-a\/src\/ \(adapters\): up a layer/,
  );
});

test("a file in no layer, a file in two, and a row naming nothing are each one", () => {
  const problems = problemsOf(
    { "core/src/stray.ts": "export const stray = 1;" },
    MAP.replace("| `errors.ts`", "| `errors.ts`, `index.ts`, `gone.ts`"),
  );
  assert.ok(
    problems.some((p) => /core\/src\/stray\.ts: in no layer/.test(p)),
    problems.join("\n"),
  );
  assert.ok(
    problems.some((p) => /core\/src\/index\.ts: in 2 places/.test(p)),
    problems.join("\n"),
  );
  assert.ok(
    problems.some((p) => /core\/src\/gone\.ts: named in layer "ground"/.test(p)),
    problems.join("\n"),
  );
});

test("files importing each other in one layer are a circle", () => {
  const problems = problemsOf({
    "core/src/calls/call.ts": `import { other } from "./other.js";\nexport const call = other;`,
    "core/src/calls/other.ts": `import type { call } from "./call.js";\nexport const other = 1 as unknown as typeof call;`,
  });
  assert.deepEqual(problems, [
    "import circle: packages/core/src/calls/call.ts -> packages/core/src/calls/other.ts",
  ]);
});

test("a pending arrow is let through by name, and only that one", () => {
  const root = repo({
    "core/src/errors.ts": `import { call } from "./calls/call.js";\nexport class McpError extends Error {}\nexport const c = call;`,
    "core/src/calls/call.ts": "export const call = 1;",
  });
  const pending = [{ from: "packages/core/src/errors.ts", to: "packages/core/src/calls/" }];
  assert.deepEqual(checkLayers(root, { pending }).problems, []);
  assert.equal(checkLayers(root, { pending: [] }).problems.length, 1);
});
