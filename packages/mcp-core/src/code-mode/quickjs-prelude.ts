/**
 * The QuickJS side of the bridge, evaluated in each fresh context before the program. Only strings
 * cross between the sandbox and the host: a call's number, function index and input as JSON out,
 * the answers to calls back (as JSON, or an error message), a log line out, the program's outcome
 * as JSON out. No host object, function or prototype is ever visible to the program; the two host
 * functions are captured here and never put on the global object, and the builtins the runner
 * needs are taken before the program runs, so a program that replaces `JSON`, `Promise` or
 * `Function.prototype.call` changes only its own view.
 *
 * No host function is called per tool call: a call's request waits in an outbox that the host
 * drains after each run of the job queue, and its promise is the sandbox's own, kept here under the
 * call's number until the host answers by number, several answers in one string (`deliver`). So
 * calls made or settled in the same turn cost one crossing each way and one run of the job queue,
 * and no host handle is made per call (a call from QuickJS into a host function costs about 4 µs,
 * a call from the host into QuickJS under 1 µs).
 * @module
 */

/**
 * An expression: `(hostLog, hostDone, keysJson) => [run, drain, deliver]`.
 * - `run(program)` calls the program and hands its outcome to `hostDone` as JSON text,
 *   `{"value":…}` or `{"error":"…"}` (the host holds no handle to a promise of the sandbox, so a
 *   program that never settles leaks nothing).
 * - `drain()` returns the calls made since the last drain, `id:index:json` lines (`keys[index]`'s
 *   input; JSON text holds no line break), or "" for none.
 * - `deliver(answers)` settles calls: records `id:ok:length:text` one after the other (`ok` 1 or 0,
 *   `text` the value's JSON or the error message, `length` -1 for an undefined value).
 */
export const QUICKJS_PRELUDE = `(hostLog, hostDone, keysJson) => {
  "use strict";
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const freeze = Object.freeze;
  const define = Object.defineProperty;
  const StringOf = String;
  const ErrorOf = Error;
  const TypeErrorOf = TypeError;
  const PromiseOf = Promise;
  const NumberOf = Number;
  const uncurry = (fn) => Function.prototype.call.bind(fn);
  const indexOf = uncurry(String.prototype.indexOf);
  const slice = uncurry(String.prototype.slice);
  const then = uncurry(Promise.prototype.then);
  const rejected = (error) => new PromiseOf((_, reject) => reject(error));
  const show = (value) => {
    if (typeof value === "string") return value;
    try {
      const text = stringify(value);
      return text === undefined ? StringOf(value) : text;
    } catch {
      return StringOf(value);
    }
  };
  const describe = (error) => {
    try {
      if (error !== null && typeof error === "object" && typeof error.message === "string")
        return (typeof error.name === "string" ? error.name + ": " : "") + error.message;
      return "thrown: " + show(error);
    } catch {
      return "thrown: a value that cannot be read";
    }
  };
  const line = (level) => (...args) => {
    let text = "";
    for (let i = 0; i < args.length; i++) text += (i === 0 ? "" : " ") + show(args[i]);
    hostLog(level, text);
  };
  define(globalThis, "console", {
    value: freeze({ log: line("log"), info: line("info"), warn: line("warn"), error: line("error"), debug: line("debug") }),
    writable: false,
    configurable: false,
  });
  const waiting = Object.create(null);
  let nextId = 0;
  let outbox = "";
  const codemode = Object.create(null);
  const keys = parse(keysJson);
  for (let index = 0; index < keys.length; index++) {
    const call = (input) => {
      let text;
      try {
        text = input === undefined ? "null" : stringify(input);
      } catch (error) {
        return rejected(error);
      }
      if (typeof text !== "string") return rejected(new TypeErrorOf("the input must be JSON data"));
      const id = nextId++;
      const answer = new PromiseOf((resolve, reject) => {
        waiting[id] = [resolve, reject];
      });
      const request = id + ":" + index + ":" + text;
      outbox = outbox === "" ? request : outbox + "\\n" + request;
      return answer;
    };
    define(codemode, keys[index], { value: freeze(call), enumerable: true });
  }
  define(globalThis, "codemode", { value: freeze(codemode), writable: false, configurable: false });
  const deliver = (answers) => {
    let at = 0;
    while (at < answers.length) {
      const a = indexOf(answers, ":", at);
      const b = indexOf(answers, ":", a + 1);
      const c = indexOf(answers, ":", b + 1);
      if (a < 0 || b < 0 || c < 0) return;
      const id = slice(answers, at, a);
      const ok = slice(answers, a + 1, b) === "1";
      const length = NumberOf(slice(answers, b + 1, c));
      const text = length < 0 ? undefined : slice(answers, c + 1, c + 1 + length);
      at = c + 1 + (length < 0 ? 0 : length);
      const settlers = waiting[id];
      if (settlers === undefined) continue;
      delete waiting[id];
      if (!ok) {
        settlers[1](new ErrorOf(StringOf(text)));
        continue;
      }
      let value;
      try {
        value = text === undefined ? undefined : parse(text);
      } catch (error) {
        settlers[1](error);
        continue;
      }
      settlers[0](value);
    }
  };
  const run = async (program) => {
    try {
      if (typeof program !== "function") return stringify({ error: "the code must be an async arrow function, e.g. async () => { … }" });
      const value = await program();
      return stringify({ value: value === undefined ? null : value });
    } catch (error) {
      return stringify({ error: describe(error) });
    }
  };
  const drain = () => {
    const requests = outbox;
    outbox = "";
    return requests;
  };
  return [(program) => { then(run(program), hostDone); }, drain, deliver];
}`;
