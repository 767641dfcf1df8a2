/**
 * URL passwords (`scheme://[user]:password@`) found by forward scanning: linear in the text whatever
 * it holds (the regex this replaces backtracked quadratically on a long letter run).
 * @module
 */

const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isDigit = (code: number) => code >= 48 && code <= 57;
/** `[A-Za-z0-9+.-]`: what a URL scheme is made of after its first letter. */
const isSchemeChar = (code: number) =>
  isLetter(code) || isDigit(code) || code === 43 || code === 46 || code === 45;
/** Whitespace: `\s` in the ASCII range, NBSP and the line separators. */
const isSpace = (code: number) =>
  code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x2028 || code === 0x2029;
/** Ends a userinfo's user part: `/ ? # @ :` or whitespace. */
const endsUser = (code: number) =>
  code === 47 || code === 63 || code === 35 || code === 64 || code === 58 || isSpace(code);
/** Ends the run a password is looked for in: `? #` or whitespace. */
const endsRun = (code: number) => code === 63 || code === 35 || isSpace(code);

/** Whether a scheme (a letter, then scheme characters) ends right before `at`. */
function schemeBefore(text: string, at: number): boolean {
  let letter = false;
  for (let i = at - 1; i >= 0 && isSchemeChar(text.charCodeAt(i)); i--) {
    if (isLetter(text.charCodeAt(i))) letter = true;
  }
  return letter;
}

/**
 * Every non-empty URL password in `text`, in order. A password runs from the `:` after the user to
 * the last `@` before `?`, `#`, whitespace or the end, and may hold `:`, `@` and `/`
 * (`postgres://u:pa/ss@h` ⇒ `pa/ss`, `redis://:p@h` ⇒ `p`); digits followed by `/` are a port
 * (`http://h:8080/x@y` has none), as are `https://u@h`, `https://u:@h` and `http://h:8080/x?to=a@b`.
 *
 * Linear: the scheme looked back over, the user part and the port digits of two `://` never overlap
 * (`:` and `/` end each); the run's end and its last `@` are found once per run, however many `://`
 * it holds; after a password the scan goes on past its `@`.
 */
export function urlPasswords(text: string): string[] {
  const found: string[] = [];
  let runEnd = -1;
  let runLastAt = -1;
  let from = 0;
  for (;;) {
    const at = text.indexOf("://", from);
    if (at < 0) return found;
    from = at + 3;
    if (!schemeBefore(text, at)) continue;
    let user = at + 3;
    while (user < text.length && !endsUser(text.charCodeAt(user))) user++;
    if (text.charCodeAt(user) !== 58) continue;
    const start = user + 1;
    if (start > runEnd) {
      runLastAt = -1;
      for (runEnd = start; runEnd < text.length && !endsRun(text.charCodeAt(runEnd)); runEnd++) {
        if (text.charCodeAt(runEnd) === 64) runLastAt = runEnd;
      }
    }
    if (runLastAt <= start) continue;
    let digits = start;
    while (isDigit(text.charCodeAt(digits))) digits++;
    if (text.charCodeAt(digits) === 47 && digits < runLastAt) continue; // host:port/path@…
    found.push(text.slice(start, runLastAt));
    from = runLastAt + 1;
  }
}

/** Whether `text` carries a URL with a non-empty password (see {@link urlPasswords}). */
export function hasUrlPassword(text: string): boolean {
  return urlPasswords(text).length > 0;
}
