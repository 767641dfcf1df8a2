/**
 * The QuickJS side of the bridge, evaluated in each fresh context before the program. Only strings
 * cross between the sandbox and the host: a call's key and its input as JSON out, the result as JSON
 * (or an error message) back, a log line out, the program's outcome as JSON out. No host object,
 * function or prototype is ever visible to the program; the two host functions are captured here
 * and never put on the global object, and the builtins the runner needs are taken before the
 * program runs, so a program that replaces `JSON` or `Promise` changes only its own view.
 * @module
 */

/**
 * An expression: `(hostCall, hostLog, hostDone, keysJson) => run`, where `run(program)` calls the
 * program and hands its outcome to `hostDone` as JSON text, `{"value":…}` or `{"error":"…"}` (the host
 * holds no handle to a promise of the sandbox, so a program that never settles leaks nothing).
 */
export const QUICKJS_PRELUDE = `(hostCall, hostLog, hostDone, keysJson) => {
  "use strict";
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const freeze = Object.freeze;
  const define = Object.defineProperty;
  const StringOf = String;
  const ErrorOf = Error;
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
  const codemode = Object.create(null);
  for (const key of parse(keysJson)) {
    const call = async (input) => {
      const text = input === undefined ? "null" : stringify(input);
      let answer;
      try {
        answer = await hostCall(key, text);
      } catch (reason) {
        throw new ErrorOf(StringOf(reason));
      }
      return answer === undefined ? undefined : parse(answer);
    };
    define(codemode, key, { value: freeze(call), enumerable: true });
  }
  define(globalThis, "codemode", { value: freeze(codemode), writable: false, configurable: false });
  const run = async (program) => {
    try {
      if (typeof program !== "function") return stringify({ error: "the code must be an async arrow function, e.g. async () => { … }" });
      const value = await program();
      return stringify({ value: value === undefined ? null : value });
    } catch (error) {
      return stringify({ error: describe(error) });
    }
  };
  return (program) => {
    run(program).then(hostDone);
  };
}`;
