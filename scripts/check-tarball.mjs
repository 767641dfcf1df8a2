// Checks what `npm pack` publishes for a package, beyond what publint and attw look at: the tarball
// carries LICENSE and README.md, every bin's file, every source map points at sources that are in
// the tarball, and the README links only to absolute URLs (relative links break on the registry
// page, where nothing but the README itself is shown). scripts/check-package.mjs calls
// tarballProblems with the report of the one `npm pack` it makes; run on its own from a package
// directory after its build (node ../../scripts/check-tarball.mjs), it reads `npm pack --dry-run`.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The problems of the tarball `npm pack --json` described in `report`, for the package in the
 * current directory (its files are read from there: the tarball holds the same bytes).
 */
export function tarballProblems(report) {
  const shipped = new Set(report.files.map((file) => normalize(file.path)));
  const problems = [];

  for (const required of ["LICENSE", "README.md", "package.json"]) {
    if (!shipped.has(required)) problems.push(`${required} is not in the tarball`);
  }

  // A bin whose file is not shipped installs as a dangling link: `npx <bin>` then fails.
  const manifest = JSON.parse(readFileSync("package.json", "utf8"));
  const bins = typeof manifest.bin === "string" ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {});
  for (const [name, target] of Object.entries(bins)) {
    if (!shipped.has(normalize(target))) problems.push(`bin "${name}" (${target}) is not in the tarball`);
  }

  for (const file of shipped) {
    if (!file.endsWith(".map")) continue;
    const map = JSON.parse(readFileSync(file, "utf8"));
    for (const source of map.sources ?? []) {
      const target = normalize(join(dirname(file), map.sourceRoot ?? "", source));
      if (!shipped.has(target)) problems.push(`${file} points at ${target}, which is not in the tarball`);
    }
  }

  const readme = readFileSync("README.md", "utf8");
  // Inline links `[text](target)` and reference definitions `[label]: target`, outside code blocks.
  const prose = readme.replace(/```[\s\S]*?```/g, "");
  const targets = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)/g)].map((match) => match[1]),
    ...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]),
  ];
  for (const target of targets) {
    if (!/^(https?:|mailto:|#)/.test(target)) {
      problems.push(`README.md links to "${target}", which does not resolve on the registry page`);
    }
  }

  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const [report] = JSON.parse(
    execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      encoding: "utf8",
      shell: process.platform === "win32",
    }),
  );
  const problems = tarballProblems(report);
  if (problems.length > 0) {
    console.error(`${report.name}: ${problems.length} tarball problem(s)`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log(`${report.name}: ${report.files.length} files, maps resolve, README links are absolute`);
}
