/**
 * One call of the host's embedder, bounded and checked: the embedder is the host's code but often
 * a remote model, so it may hang, throw, or answer with the wrong count, dimension or non-finite
 * numbers. Every such answer is an {@link EmbedFailure}; the caller then searches lexically.
 * @module
 */
import { errorMessage } from "../errors.js";
import type { HybridFallbackReason, ToolEmbedder } from "./embedder-types.js";

/** The longest vector accepted (the largest common models give 3 072). */
export const MAX_DIMENSIONS = 8192;

/** Why an embedder call gave no usable vectors. */
export class EmbedFailure extends Error {
  constructor(
    readonly reason: Extract<
      HybridFallbackReason,
      "embedder-failed" | "embedder-timeout" | "embedder-invalid"
    >,
    message: string,
  ) {
    super(message);
    this.name = "EmbedFailure";
  }
}

/**
 * Embeds `texts` and returns unit-length float32 vectors of `dimensions` (the first call fixes it:
 * pass undefined). Rejects with {@link EmbedFailure} after `timeoutMs`, or for an answer that is
 * not one finite, non-zero vector of one length per text.
 */
export async function embedChecked(
  embedder: ToolEmbedder,
  texts: string[],
  dimensions: number | undefined,
  timeoutMs: number,
  closing: AbortSignal,
  kind: "document" | "query",
): Promise<Float32Array[]> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onClose = () => {};
  // Rejects on the timeout or on close, whichever comes first; the embedder is told by the abort.
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new Error("timeout"));
      reject(new EmbedFailure("embedder-timeout", `the embedder took more than ${timeoutMs} ms`));
    }, timeoutMs);
    onClose = () => {
      controller.abort(closing.reason);
      reject(new EmbedFailure("embedder-failed", "the search was closed"));
    };
    if (closing.aborted) onClose();
    else closing.addEventListener("abort", onClose, { once: true });
  });
  try {
    let answer: unknown;
    try {
      // The embedder's promise may never settle: the race leaves it behind, the abort tells it.
      answer = await Promise.race([
        Promise.resolve().then(() => embedder(texts, { signal: controller.signal, kind })),
        stop,
      ]);
    } catch (error) {
      if (error instanceof EmbedFailure) throw error;
      throw new EmbedFailure("embedder-failed", `the embedder failed: ${errorMessage(error)}`);
    }
    try {
      return checked(answer, texts.length, dimensions);
    } catch (error) {
      // A hostile answer (a proxy whose reads throw, say) is unusable like any malformed one.
      if (error instanceof EmbedFailure) throw error;
      throw invalid(errorMessage(error));
    }
  } finally {
    clearTimeout(timer);
    closing.removeEventListener("abort", onClose);
  }
}

function checked(answer: unknown, count: number, dimensions: number | undefined): Float32Array[] {
  if (!Array.isArray(answer) || answer.length !== count) {
    throw invalid(`expected ${count} vectors, got ${Array.isArray(answer) ? answer.length : typeof answer}`);
  }
  const size = dimensions ?? (Array.isArray(answer[0]) ? answer[0].length : 0);
  if (!Number.isInteger(size) || size < 1 || size > MAX_DIMENSIONS) {
    throw invalid(`expected vectors of 1 to ${MAX_DIMENSIONS} numbers`);
  }
  return answer.map((vector: unknown) => {
    if (!Array.isArray(vector) && !ArrayBuffer.isView(vector)) throw invalid("a vector is not an array");
    const numbers = vector as ArrayLike<unknown>;
    if (numbers.length !== size) throw invalid(`a vector has ${numbers.length} numbers, not ${size}`);
    const unit = new Float32Array(size);
    let norm = 0;
    for (let i = 0; i < size; i++) {
      const value = numbers[i];
      if (typeof value !== "number" || !Number.isFinite(value))
        throw invalid("a vector holds a non-finite number");
      unit[i] = value;
      norm += value * value;
    }
    norm = Math.sqrt(norm);
    if (!(norm > 0) || !Number.isFinite(norm)) throw invalid("a vector is zero or overflows");
    for (let i = 0; i < size; i++) unit[i] = (unit[i] as number) / norm;
    return unit;
  });
}

function invalid(detail: string): EmbedFailure {
  return new EmbedFailure("embedder-invalid", `the embedder's answer is unusable: ${detail}`);
}
