// Typechecks every `ts` code block of the READMEs (the root one and each package's) against the
// built packages, under `strict`, as a user would paste it: each block is its own ES module
// (top-level await allowed), resolving `@toolnexus/*` and the third-party packages from this
// workspace. A relative import (`./examples/scripted-model.mjs`) is resolved from the README's folder.
//
// A block that cannot stand alone says so in its info string, with the reason after the marker:
//   ```ts skip-typecheck (signatures, not statements)
// A marker without a reason fails the check. Exits 1 when any block fails, naming README and line.
// Needs the packages built. Usage: node scripts/readme-snippets/check.mjs
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const SKIP = "skip-typecheck";

if (!existsSync(join(root, "packages/mcp-core/dist/index.d.ts"))) {
  console.error("readme-snippets: the packages are not built; run 'npx turbo run build' first");
  process.exit(1);
}

const readmes = [
  "README.md",
  ...readdirSync(join(root, "packages"))
    .map((name) => `packages/${name}/README.md`)
    .filter((path) => existsSync(join(root, path))),
];

/** The fenced blocks of a Markdown text: info string, first line of code (1-based), code. */
function fencedBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const body = [];
    let j = i + 1;
    while (j < lines.length && !lines[j].trimStart().startsWith(fence)) body.push(lines[j++]);
    blocks.push({
      info: info.trim(),
      line: i + 2,
      indent: indent.length,
      code: body.map((line) => line.slice(Math.min(indent.length, line.search(/\S|$/)))).join("\n"),
    });
    i = j;
  }
  return blocks;
}

/** A relative import becomes an absolute path from the README's folder. */
function resolveRelativeImports(code, readmeDir) {
  return code.replace(/(from\s+|import\s*\(\s*)(["'])(\.{1,2}\/[^"']+)\2/g, (_m, lead, quote, path) => {
    return `${lead}${quote}${resolve(readmeDir, path)}${quote}`;
  });
}

// A folder of its own that resolves packages as the workspace does (its node_modules is the root's).
const work = mkdtempSync(join(tmpdir(), "readme-snippets-"));
symlinkSync(join(root, "node_modules"), join(work, "node_modules"), "junction");
writeFileSync(join(work, "package.json"), '{ "type": "module" }\n');

const files = new Map(); // snippet file → { readme, line }
const problems = [];
let skipped = 0;
for (const readme of readmes) {
  const readmeDir = dirname(join(root, readme));
  for (const block of fencedBlocks(readFileSync(join(root, readme), "utf8"))) {
    const [language, marker, ...reason] = block.info.split(/\s+/);
    if (language !== "ts") continue;
    if (marker === SKIP) {
      if (reason.join(" ").trim() === "")
        problems.push(`${readme}:${block.line - 1}: ${SKIP} needs a reason after it`);
      skipped++;
      continue;
    }
    if (marker !== undefined)
      problems.push(`${readme}:${block.line - 1}: unknown marker "${marker}" (only ${SKIP})`);
    const name = `${readme.replace(/[^A-Za-z0-9]+/g, "-")}-${block.line}.ts`;
    const code = resolveRelativeImports(block.code, readmeDir);
    // A block without import or export would be a script sharing globals with the others.
    const module = /^\s*(import|export)\b/m.test(code) ? "" : "\nexport {};";
    writeFileSync(join(work, name), `${code}${module}\n`);
    files.set(name, { readme, line: block.line });
  }
}

writeFileSync(
  join(work, "tsconfig.json"),
  JSON.stringify(
    {
      compilerOptions: {
        module: "nodenext",
        target: "es2022",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        allowJs: true,
        types: ["node"],
      },
      files: [...files.keys()],
    },
    null,
    2,
  ),
);

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
let output = "";
try {
  execFileSync(process.execPath, [tsc, "-p", join(work, "tsconfig.json"), "--pretty", "false"], {
    cwd: work,
    encoding: "utf8",
  });
} catch (error) {
  output = `${error.stdout ?? ""}${error.stderr ?? ""}`;
}
// "<file>(<line>,<col>): error TS…" → the README and its line.
for (const line of output.split("\n").filter(Boolean)) {
  const at = /^(.+?)\((\d+),(\d+)\): (.*)$/.exec(line);
  const snippet = at && files.get(relative(work, resolve(work, at[1])));
  if (!snippet) {
    problems.push(line);
    continue;
  }
  problems.push(`${snippet.readme}:${snippet.line + Number(at[2]) - 1}:${at[3]}: ${at[4]}`);
}

if (problems.length > 0) {
  console.error(`readme-snippets: ${problems.length} problem(s) in ${files.size} ts blocks`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error(`readme-snippets: the blocks as checked are kept in ${work}`);
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });
console.log(
  `readme-snippets: ${files.size} ts blocks of ${readmes.length} READMEs typecheck (strict); ${skipped} marked ${SKIP}`,
);
