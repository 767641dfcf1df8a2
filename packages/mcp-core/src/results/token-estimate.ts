/**
 * The default token estimate: one token per four characters (UTF-16 code units), rounded up. It is
 * the rule of thumb providers publish for English text and code; a host with its own tokenizer passes
 * a counter instead.
 * @module
 */

/** Counts the tokens a text costs in the model's context. */
export type TokenCounter = (text: string) => number;

/** Estimated tokens of `text`: `ceil(length / 4)`. */
export const estimateTokens: TokenCounter = (text) => Math.ceil(text.length / 4);
