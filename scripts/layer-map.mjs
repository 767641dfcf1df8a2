// The layer check: ARCHITECTURE.md's layer tables are the map, and this reads them, so the document
// and the check cannot drift. Each table follows a `<!-- layer-map BASE [apart] -->` line; its rows
// run top layer first, and the second column names the files and folders (in backticks, relative to
// BASE) that make the row. The check fails when a source file of a package sits in no row or in two,
// when a row names nothing, when an import runs up a table, when an import crosses between two
// entries of one row of an `apart` table (one adapter importing another), or when files import each
// other in a circle. `node scripts/layer-map.mjs` prints the findings; `npm test` runs it.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/**
 * Imports that run up a layer today, each waiting on work that removes it; ARCHITECTURE.md explains
 * each one. `from` is a file, `to` a file or a folder (ending in `/`), both from the repository root.
 */
export const PENDING_UP_ARROWS = [];

const MAP_LINE = /^<!--\s*layer-map\s+(\S+)((?:\s+\w+)*)\s*-->\s*$/;

/**
 * The layer tables of an ARCHITECTURE.md text.
 * @param {string} text The document.
 * @returns {{ base: string, apart: boolean, rows: { layer: string, rank: number, entries: string[] }[] }[]}
 */
export function readLayerMap(text) {
  const tables = [];
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const marker = MAP_LINE.exec(lines[index].trim());
    if (!marker) continue;
    const table = { base: marker[1], apart: /\bapart\b/.test(marker[2]), rows: [] };
    const ranks = new Map();
    let at = index + 1;
    while (at < lines.length && !lines[at].trim().startsWith("|")) at++;
    for (at += 2; at < lines.length && lines[at].trim().startsWith("|"); at++) {
      const cells = lines[at].split("|").map((cell) => cell.trim());
      const layer = cells[1];
      if (!ranks.has(layer)) ranks.set(layer, ranks.size);
      const entries = [...cells[2].matchAll(/`([^`]+)`/g)].map((match) => match[1]);
      table.rows.push({ layer, rank: ranks.get(layer), entries });
    }
    tables.push(table);
  }
  return tables;
}

/** Every `.ts` source file under `dir` (tests and declaration files left out), root-relative. */
function sourceFiles(root, dir) {
  const found = [];
  const walk = (at) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.m?ts$/.test(name) && !/\.d\.m?ts$|\.test\.m?ts$/.test(name))
        found.push(relative(root, path).split("\\").join("/"));
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
}

/** The workspace packages with a `src`: their npm name and root-relative `src/` folder. */
function packagesOf(root) {
  const packagesDir = join(root, "packages");
  return readdirSync(packagesDir)
    .filter((name) => existsSync(join(packagesDir, name, "src")))
    .map((name) => ({
      name: JSON.parse(readFileSync(join(packagesDir, name, "package.json"), "utf8")).name,
      src: `packages/${name}/src/`,
    }));
}

/** The root-relative file (or a package's `src/` folder) an import names; undefined when outside. */
function resolveImport(root, from, specifier, packages) {
  if (specifier.startsWith(".")) {
    const base = resolve(root, dirname(from), specifier);
    for (const candidate of [
      base.replace(/\.m?js$/, (ext) => ext.replace("js", "ts")),
      `${base}.ts`,
      join(base, "index.ts"),
      base,
    ]) {
      if (existsSync(candidate) && statSync(candidate).isFile())
        return relative(root, candidate).split("\\").join("/");
    }
    return undefined;
  }
  const target = packages.find(({ name }) => specifier === name || specifier.startsWith(`${name}/`));
  return target?.src;
}

/** Where `path` sits in `table`: its row and entry, or every match when it sits in several. */
function placesOf(table, path) {
  const places = [];
  for (const row of table.rows) {
    for (const entry of row.entries) {
      const full = `${table.base}${entry}`;
      if (path === full || (full.endsWith("/") && path.startsWith(full))) places.push({ row, entry });
    }
  }
  return places;
}

/** Strongly connected groups of more than one file (or a file importing itself). */
function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.has(node)) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * Checks the repository at `root` against the layer tables of its ARCHITECTURE.md.
 * @param {string} root The repository root.
 * @param {{ pending?: { from: string, to: string }[] }} [options] Up arrows let through.
 * @returns {{ problems: string[], files: number, imports: number, pendingSeen: string[] }}
 */
export function checkLayers(root, { pending = PENDING_UP_ARROWS } = {}) {
  const tables = readLayerMap(readFileSync(join(root, "ARCHITECTURE.md"), "utf8"));
  const packages = packagesOf(root);
  const files = packages.flatMap(({ src }) => sourceFiles(root, join(root, src)));
  const problems = [];
  if (tables.length === 0) problems.push("ARCHITECTURE.md has no <!-- layer-map BASE --> table");

  for (const table of tables) {
    const inTable = files.filter((file) => file.startsWith(table.base));
    for (const file of inTable) {
      const places = placesOf(table, file);
      if (places.length === 0) problems.push(`${file}: in no layer of the ${table.base} table`);
      if (places.length > 1)
        problems.push(
          `${file}: in ${places.length} places of the ${table.base} table (${places.map((p) => p.entry).join(", ")})`,
        );
    }
    for (const row of table.rows)
      for (const entry of row.entries)
        if (
          !inTable.some((file) => placesOf({ ...table, rows: [{ ...row, entries: [entry] }] }, file).length)
        )
          problems.push(`${table.base}${entry}: named in layer "${row.layer}" but no source file is there`);
  }

  const graph = new Map();
  let imports = 0;
  const pendingSeen = new Set();
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    const targets = new Set();
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const target = resolveImport(root, file, fileName, packages);
      if (target === undefined || target === file) {
        if (target === file) targets.add(file);
        continue;
      }
      imports++;
      if (!target.endsWith("/")) targets.add(target);
      for (const table of tables) {
        if (!file.startsWith(table.base) || !target.startsWith(table.base)) continue;
        const [source] = placesOf(table, file);
        const [sink] = placesOf(table, target);
        if (!source || !sink || source.entry === sink.entry) continue;
        const up = sink.row.rank < source.row.rank;
        const across = table.apart && sink.row.rank === source.row.rank;
        if (!up && !across) continue;
        const allowed = pending.find(
          (arrow) => arrow.from === file && (target === arrow.to || target.startsWith(arrow.to)),
        );
        if (allowed) {
          pendingSeen.add(`${allowed.from} -> ${allowed.to}`);
          continue;
        }
        problems.push(
          up
            ? `${file} (${source.row.layer}) imports ${target} (${sink.row.layer}): up a layer`
            : `${file} imports ${target}: across the "${source.row.layer}" row, whose entries stay apart`,
        );
      }
    }
    graph.set(file, targets);
  }
  for (const group of circles(graph)) problems.push(`import circle: ${group.join(" -> ")}`);
  return { problems, files: files.length, imports, pendingSeen: [...pendingSeen] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const { problems, files, imports, pendingSeen } = checkLayers(root);
  for (const problem of problems) console.error(`layer map: ${problem}`);
  for (const arrow of PENDING_UP_ARROWS)
    if (!pendingSeen.includes(`${arrow.from} -> ${arrow.to}`))
      console.warn(
        `layer map: the pending arrow ${arrow.from} -> ${arrow.to} is gone; drop it from PENDING_UP_ARROWS`,
      );
  console.log(`layer map: ${files} files, ${imports} imports, ${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
