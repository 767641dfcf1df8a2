/**
 * The child side of `runChild`: reads the JSON payload from argv, runs `measure(payload)`, prints
 * its result (or `{ error }`) as one JSON line and exits — even if a contender left handles open.
 * @module
 */
import { descendantPids } from "./processes.mjs";

/**
 * @param {(payload: any) => Promise<object>} measure
 */
export async function childMain(measure) {
  let result;
  try {
    result = await measure(JSON.parse(process.argv[2] ?? "{}"));
  } catch (error) {
    result = { error: String(error?.stack ?? error) };
  }
  // Whatever still runs below us would be orphaned by our exit: report it so the parent ends it.
  const leftPids = descendantPids();
  process.stdout.write(`${JSON.stringify({ ...result, leftPids })}\n`, () => process.exit(0));
}
