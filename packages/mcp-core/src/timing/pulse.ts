/** A promise for "the next time something changed", renewed after each change. */
export class Pulse {
  private waiting: { promise: Promise<void>; resolve: () => void } | undefined;

  /** Resolves at the next `fire()`. */
  next(): Promise<void> {
    if (!this.waiting) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      this.waiting = { promise, resolve };
    }
    return this.waiting.promise;
  }

  fire(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve();
  }
}
