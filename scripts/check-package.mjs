// `npm run check:package` of a package (run from its directory after its build): one `npm pack`
// into a temporary folder, and that one tarball checked three ways — publint --strict, attw with its
// esm-only profile (CONTRIBUTING.md and scripts/consumers/run.sh say why that profile), and the
// rules of check-tarball.mjs. publint and `attw --pack` used to pack on their own and the tarball
// check ran `npm pack --dry-run`: three packs per package, each an npm process; one now.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { tarballProblems } from "./check-tarball.mjs";

const windows = process.platform === "win32";
const bin = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", ".bin");

/** Runs `file` with `args`, its output shown; throws on failure (the tool has said why). */
const run = (file, args, options = {}) =>
  execFileSync(file, args, { stdio: ["ignore", "inherit", "inherit"], shell: windows, ...options });

const dir = mkdtempSync(join(tmpdir(), "toolnexus-check-package-"));
try {
  const packed = run(
    windows ? "npm.cmd" : "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", dir],
    {
      stdio: ["ignore", "pipe", "inherit"],
      encoding: "utf8",
    },
  );
  const [report] = JSON.parse(packed);
  const tarball = join(dir, report.filename);
  run(join(bin, windows ? "publint.cmd" : "publint"), ["run", tarball, "--strict"]);
  run(join(bin, windows ? "attw.cmd" : "attw"), [tarball, "--profile", "esm-only"]);
  const problems = tarballProblems(report);
  if (problems.length > 0) {
    console.error(`${report.name}: ${problems.length} tarball problem(s)`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exitCode = 1;
  } else {
    console.log(`${report.name}: ${report.files.length} files, maps resolve, README links are absolute`);
  }
} catch (error) {
  process.exitCode = typeof error.status === "number" && error.status !== 0 ? error.status : 1;
  if (typeof error.status !== "number") console.error(error);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
