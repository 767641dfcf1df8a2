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
  for (const chunk of text.split(NOT_ALNUM)) {
    if (chunk === "" || chunk.length > MAX_WORD_CHARS) continue;
    if (PLAIN_WORD.test(chunk)) {
      // Most words are plain lowercase ASCII: nothing to split (the Unicode passes cost more).
      if (chunk.length > 1) words.push(chunk);
      continue;
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
  return words;
}

/** The terms of `text`: {@link splitWords}, then stop words dropped and words stemmed. */
export function searchTerms(text: string, options: AnalyzerOptions = {}): string[] {
  const stemWords = options.stem ?? true;
  const dropStopWords = options.dropStopWords ?? true;
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (dropStopWords && STOP_WORDS.has(word)) continue;
    terms.push(stemWords ? stem(word) : word);
  }
  return terms;
}
