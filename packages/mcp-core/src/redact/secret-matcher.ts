/**
 * Finds every occurrence of many secrets in one text in one pass: an Aho–Corasick automaton over
 * the secrets, so the cost is linear in the text whatever the secrets are (how many, how long, how
 * alike). A regex alternation built from the secrets is not: it retries each alternative at each
 * position (a hostile authorization server chooses both its tokens and the text that echoes them),
 * and V8 refuses to compile one past ~40 000 characters.
 * @module
 */

/** One secret to find. */
export interface SecretPattern {
  /** The text to find (case-sensitive). */
  text: string;
  /**
   * The text is only the start of a longer secret: a match covers the rest of the run that follows
   * it too (see {@link isRunChar}).
   */
  throughRun: boolean;
}

/**
 * Whether `code` continues the run a long secret's prefix starts: anything but whitespace, control
 * characters and the quotes and angle brackets that delimit a value in JSON, HTML or a message. A
 * long secret learned by its prefix (a token, a key, a connection string) is covered through the
 * end of that run.
 */
export function isRunChar(code: number): boolean {
  if (code <= 32 || (code >= 127 && code <= 160)) return false; // controls, space, DEL, C1, NBSP
  if (code === 34 || code === 39 || code === 96 || code === 60 || code === 62) return false; // " ' ` < >
  return !(
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The automaton; build once per set of secrets, then {@link SecretMatcher.spans} any number of texts. */
export class SecretMatcher {
  /** The root's transitions by ASCII code (0 = none): most steps of a scan start at the root. */
  private readonly rootAscii = new Int32Array(128);
  /**
   * Each node's first child and the code leading to it (-1 = none): most nodes have one child, so
   * most steps read two arrays. The others are in {@link more}, by node then code (small integers:
   * a Map keyed by large numbers would allocate for every lookup).
   */
  private readonly firstCode: Int32Array;
  private readonly firstChild: Int32Array;
  private readonly more = new Map<number, Map<number, number>>();
  private readonly fail: Int32Array;
  /** The longest secret ending at each node (through its fail chain); 0 = none. */
  private readonly longest: Int32Array;
  /** The longest run-extending secret ending at each node (through its fail chain); 0 = none. */
  private readonly longestThroughRun: Int32Array;

  constructor(patterns: readonly SecretPattern[]) {
    // The trie, in arrays sized for the worst case (every character a node); node 0 is the root.
    let capacity = 1;
    for (const { text } of patterns) capacity += text.length;
    this.firstCode = new Int32Array(capacity).fill(-1);
    this.firstChild = new Int32Array(capacity);
    this.fail = new Int32Array(capacity);
    this.longest = new Int32Array(capacity);
    this.longestThroughRun = new Int32Array(capacity);
    const parent = new Int32Array(capacity);
    const codes = new Uint16Array(capacity); // the code leading to each node
    const depth = new Int32Array(capacity);
    const own = new Uint8Array(capacity); // bits: 1 a secret ends here, 2 a run-extending one does
    let size = 1;
    for (const { text, throughRun } of patterns) {
      let node = 0;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        let child = this.step(node, code);
        if (child === 0) {
          child = size++;
          parent[child] = node;
          codes[child] = code;
          depth[child] = i + 1;
          if (node === 0 && code < 128) this.rootAscii[code] = child;
          else if (node !== 0 && this.firstCode[node] === -1) {
            this.firstCode[node] = code;
            this.firstChild[node] = child;
          } else {
            let edges = this.more.get(node);
            if (!edges) {
              edges = new Map();
              this.more.set(node, edges);
            }
            edges.set(code, child);
          }
        }
        node = child;
      }
      if (node !== 0) own[node] = (own[node] as number) | (throughRun ? 2 : 1);
    }
    // By depth (a counting sort): a node's fail target is shallower, so it is complete first.
    const byDepth = nodesByDepth(depth, size);
    for (const node of byDepth) {
      const up = parent[node] as number;
      if (up !== 0) {
        const code = codes[node] as number;
        let target = this.fail[up] as number;
        let found = this.step(target, code);
        while (found === 0 && target !== 0) {
          target = this.fail[target] as number;
          found = this.step(target, code);
        }
        this.fail[node] = found;
      }
      const ends = own[node] as number;
      const fallback = this.fail[node] as number;
      this.longest[node] = ends ? (depth[node] as number) : (this.longest[fallback] as number);
      this.longestThroughRun[node] =
        ends & 2 ? (depth[node] as number) : (this.longestThroughRun[fallback] as number);
    }
  }

  /**
   * The parts of `text` covered by a secret, as `[start, end)` pairs in a flat array, sorted,
   * overlapping and touching ones merged. Linear in `text.length`.
   */
  spans(text: string): number[] {
    const spans: number[] = []; // closed spans; the open one is [openStart, openEnd)
    let openStart = -1;
    let openEnd = -1;
    let runEnd = -1;
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let child = this.step(node, code);
      while (child === 0 && node !== 0) {
        node = this.fail[node] as number;
        child = this.step(node, code);
      }
      node = child;
      const length = this.longest[node] as number;
      if (length === 0) continue;
      let start = i + 1 - length;
      let end = i + 1;
      const prefix = this.longestThroughRun[node] as number;
      if (prefix !== 0) {
        // Positions only grow, so a run's end found once serves every match that ends inside it.
        if (end > runEnd) {
          runEnd = end;
          while (runEnd < text.length && isRunChar(text.charCodeAt(runEnd))) runEnd++;
        }
        start = Math.min(start, end - prefix);
        end = runEnd;
      }
      if (start >= openStart && end <= openEnd) continue; // inside the open span: the common case
      if (start > openEnd) {
        if (openEnd >= 0) spans.push(openStart, openEnd);
        openStart = start;
        openEnd = end;
        continue;
      }
      openEnd = Math.max(openEnd, end);
      // A longer match reaching back over closed spans: merge them into the open one.
      openStart = Math.min(openStart, start);
      while (spans.length > 0 && (spans[spans.length - 1] as number) >= openStart) {
        openEnd = Math.max(openEnd, spans.pop() as number);
        openStart = Math.min(openStart, spans.pop() as number);
      }
    }
    if (openEnd >= 0) spans.push(openStart, openEnd);
    return spans;
  }

  private step(node: number, code: number): number {
    if (node === 0 && code < 128) return this.rootAscii[code] as number;
    if (this.firstCode[node] === code) return this.firstChild[node] as number;
    return this.more.get(node)?.get(code) ?? 0;
  }
}

/** The nodes `1 … size-1`, shallowest first (depths are at most a secret's length). */
function nodesByDepth(depth: Int32Array, size: number): Int32Array {
  let deepest = 0;
  for (let node = 1; node < size; node++) deepest = Math.max(deepest, depth[node] as number);
  const starts = new Int32Array(deepest + 2);
  for (let node = 1; node < size; node++) {
    const d = depth[node] as number;
    starts[d + 1] = (starts[d + 1] as number) + 1;
  }
  for (let d = 1; d < starts.length; d++) starts[d] = (starts[d] as number) + (starts[d - 1] as number);
  const order = new Int32Array(size - 1);
  for (let node = 1; node < size; node++) {
    const d = depth[node] as number;
    order[starts[d] as number] = node;
    starts[d] = (starts[d] as number) + 1;
  }
  return order;
}
