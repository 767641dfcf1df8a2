/**
 * The `call` command's arguments: one JSON object, and when it is not JSON, where it breaks.
 * `JSON.parse` on Node 20 does not always say the position, so a small scanner finds it.
 * @module
 */
import { CONTROL_RUNS } from "./output.js";

/** Why the arguments were refused; `position` is 0-based in the text, when the syntax is at fault. */
export class ArgsError extends Error {
  constructor(
    message: string,
    readonly position?: number,
  ) {
    super(message);
  }
}

/** Finds the offset of the first JSON syntax error in `text`, or undefined when it is valid JSON. */
export function jsonErrorPosition(text: string): number | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i] as string)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = () => {
    i++; // the opening quote
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail();
      if (text[i] === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "x")) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match || match[0] === "-") fail();
    i += (match as RegExpExecArray)[0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{") container("}", true);
    else if (c === "[") container("]", false);
    else if (c === '"') string();
    else if (c === "t") literal("true");
    else if (c === "f") literal("false");
    else if (c === "n") literal("null");
    else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) number();
    else fail();
  };
  const container = (close: string, keyed: boolean) => {
    i++;
    ws();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      if (keyed) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ":") fail();
        i++;
      }
      value();
      ws();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === close) {
        i++;
        return;
      }
      fail();
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return undefined;
  } catch (position) {
    if (typeof position === "number") return Math.min(position, text.length);
    throw position;
  }
}

/** Parses the tool arguments: absent means `{}`; anything else must be a JSON object. */
export function parseJsonArgs(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  const position = jsonErrorPosition(text);
  if (position !== undefined) {
    const what = position >= text.length ? "ends early" : `has an unexpected character`;
    throw new ArgsError(`the arguments are not valid JSON: it ${what} at position ${position}`, position);
  }
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ArgsError(`the arguments must be a JSON object (like '{"text":"hi"}'), got ${kindOf(value)}`);
  }
  return value as Record<string, unknown>;
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  return value === null ? "null" : `a ${typeof value}`;
}

/** The lines that show where the text broke: the text (cut around the position) and a caret. */
export function pointAt(text: string, position: number, width = 76): string[] {
  const flat = text.replace(CONTROL_RUNS, (run) => " ".repeat(run.length));
  const start = Math.max(0, Math.min(position - Math.floor(width / 2), flat.length - width));
  const shown = flat.slice(start, start + width);
  return [`  ${shown}`, `  ${" ".repeat(position - start)}^`];
}
