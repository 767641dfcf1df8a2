/**
 * The analyzer of tool search: the same steps turn a tool's fields and a query into terms, so they
 * meet in the index.
 * @module
 */
import { stemmer } from "stemmer";
import { STOP_WORDS } from "./stop-words.js";

/** Whether {@link searchTerms} stems and drops stop words (the measured default: both on). */
export interface AnalyzerOptions {
  /** Porter-stem each word (`issues` → `issu`, `creating` → `creat`). @default true */
  stem?: boolean;
  /** Drop {@link STOP_WORDS}. @default true */
  dropStopWords?: boolean;
}

const LOWER_UPPER = /(\p{Ll})(\p{Lu})/gu;
const ACRONYM_WORD = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const NOT_ALNUM = /[^\p{L}\p{N}]+/u;
const LETTERS_DIGITS = /\p{N}+|\p{L}+/gu;
const HAS_DIGIT = /\p{N}/u;
const PLAIN_WORD = /^[a-z]+$/;
/** A longer run of letters and digits is no word (a hash, base64 data) and is not indexed. */
export const MAX_WORD_CHARS = 64;

/** Stems of words seen, shared by every index: a tool catalog repeats a small vocabulary. */
const stems = new Map<string, string>();
/** The cache is emptied when it reaches this many words, so it stays bounded. */
const MAX_CACHED_STEMS = 20_000;

function stem(word: string): string {
  let result = stems.get(word);
  if (result === undefined) {
    if (stems.size >= MAX_CACHED_STEMS) stems.clear();
    result = stemmer(word);
    stems.set(word, result);
  }
  return result;
}

/**
 * Splits `text` into lowercase words at spaces and punctuation (so `snake_case` and `kebab-case`
 * part), at case changes (`createIssue`, `HTTPServer` → `http server`) and between letters and
 * digits (`base64` → `base 64`). A word so split is kept whole as well (`github`, `s3`, `createissue`).
 * One-letter parts are dropped (numbers are kept), and so are runs longer than {@link MAX_WORD_CHARS}.
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const chunk of text.split(NOT_ALNUM)) chunkWords(chunk, words);
  return words;
}

/** Appends the words of `chunk` (a run of letters and digits) to `words`. */
function chunkWords(chunk: string, words: string[]): void {
  if (chunk === "" || chunk.length > MAX_WORD_CHARS) return;
  if (PLAIN_WORD.test(chunk)) {
    // Most words are plain lowercase ASCII: nothing to split (the Unicode passes cost more).
    if (chunk.length > 1) words.push(chunk);
    return;
  }
  const spaced = chunk.replace(LOWER_UPPER, "$1 $2").replace(ACRONYM_WORD, "$1 $2");
  const parts = spaced
    .toLowerCase()
    .split(" ")
    .flatMap((part) => part.match(LETTERS_DIGITS) ?? []);
  // A word written as one (`GitHub`, `s3`) also stays whole: it may mean more than its parts.
  if (parts.length > 1) words.push(chunk.toLowerCase());
  for (const part of parts) if (part.length > 1 || HAS_DIGIT.test(part)) words.push(part);
}

/** The terms of `text`: {@link splitWords}, then stop words dropped and words stemmed. */
export function searchTerms(text: string, options: AnalyzerOptions = {}): string[] {
  const stemWords = options.stem ?? true;
  const dropStopWords = options.dropStopWords ?? true;
  const cache = chunkCache(stemWords, dropStopWords);
  const terms: string[] = [];
  const termsOf = (chunk: string): readonly string[] => {
    let cached = cache.get(chunk);
    if (cached === undefined) {
      if (cache.size >= MAX_CACHED_CHUNKS) cache.clear();
      const words: string[] = [];
      chunkWords(chunk, words);
      cached = processed(words, stemWords, dropStopWords);
      cache.set(chunk, cached);
    }
    return cached;
  };
  const ascii = forEachAsciiChunk(text, (chunk) => {
    const chunkTerms = termsOf(chunk);
    for (let i = 0; i < chunkTerms.length; i++) terms.push(chunkTerms[i] as string);
  });
  // Text beyond ASCII takes the Unicode path (its letters may be any script's).
  return ascii ? terms : processed(splitWords(text), stemWords, dropStopWords);
}

function processed(words: readonly string[], stemWords: boolean, dropStopWords: boolean): string[] {
  const terms: string[] = [];
  for (const word of words) {
    if (dropStopWords && STOP_WORDS.has(word)) continue;
    terms.push(stemWords ? stem(word) : word);
  }
  return terms;
}

/**
 * The terms of each run of letters and digits seen, per analyzer setting: a tool catalog repeats a
 * small vocabulary, and a run's terms depend on the run alone. Emptied when it reaches
 * {@link MAX_CACHED_CHUNKS} runs, so it stays bounded whatever the servers send.
 */
const chunkCaches = new Map<string, Map<string, readonly string[]>>();
const MAX_CACHED_CHUNKS = 50_000;

function chunkCache(stemWords: boolean, dropStopWords: boolean): Map<string, readonly string[]> {
  const key = `${stemWords}/${dropStopWords}`;
  let cache = chunkCaches.get(key);
  if (!cache) {
    cache = new Map();
    chunkCaches.set(key, cache);
  }
  return cache;
}

const isAsciiAlnum = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);

/**
 * Calls `visit` with each maximal run of ASCII letters and digits of `text`, which is what
 * splitting at every run of non-letters, non-digits gives for ASCII text; returns false, having
 * visited nothing, when `text` holds a character beyond ASCII.
 */
function forEachAsciiChunk(text: string, visit: (chunk: string) => void): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const alnum = i < text.length && isAsciiAlnum(text.charCodeAt(i));
    if (alnum && start < 0) start = i;
    else if (!alnum && start >= 0) {
      visit(text.slice(start, i));
      start = -1;
    }
  }
  return true;
}
