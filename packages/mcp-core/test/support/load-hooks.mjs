// Module hooks (they run on the loader thread): append every URL the process loads to the file
// named by LOADED_MODULES_FILE, one a line.
import { appendFileSync } from "node:fs";

const out = process.env.LOADED_MODULES_FILE;

export async function load(url, context, next) {
  if (out) appendFileSync(out, `${url}\n`);
  return next(url, context);
}
