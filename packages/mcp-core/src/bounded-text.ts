/** `text` cut to at most `max` characters, with `…` where it was cut (server text is unbounded). */
export function boundedText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
