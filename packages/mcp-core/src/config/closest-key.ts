/**
 * "Did you mean …?" for a mistyped key: the known key closest to it by edit distance.
 * @module
 */

/**
 * Edit distance between `a` and `b` (optimal string alignment: insert, delete, substitute, or swap two
 * adjacent characters, each costing 1).
 */
export function editDistance(a: string, b: string): number {
  // Three rolling rows: the previous two for the swap, the current one being filled.
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      }
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * How far a key may be from a known one and still count as a typo of it: none but case for keys of up
 * to 3 characters (`dev` is not a typo of `env`), 1 up to 7, 2 beyond.
 */
function tolerance(length: number): number {
  if (length <= 3) return 0;
  return length <= 7 ? 1 : 2;
}

/**
 * The known key `key` most likely is a typo of (case-insensitive; surrounding whitespace ignored), or
 * undefined when none is close enough. The first of equally close keys wins.
 */
export function closestKey(key: string, known: Iterable<string>): string | undefined {
  const typed = key.trim().toLowerCase();
  const limit = tolerance(typed.length);
  let best: { key: string; distance: number } | undefined;
  for (const candidate of known) {
    // The distance is at least the length difference: a long key (a pasted blob) skips the O(n·m) work.
    if (Math.abs(candidate.length - typed.length) > limit) continue;
    const distance = editDistance(typed, candidate.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance))
      best = { key: candidate, distance };
  }
  return best?.key;
}
