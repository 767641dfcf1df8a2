// An in-memory TokenStore (get, set, delete, withLock) for the conformance client: each scenario
// is a fresh authorization server, so nothing should outlive the run or touch the user's config dir.
// The lock only needs to be exclusive inside this one process.

/** A TokenStore kept in a Map; `withLock` runs the functions of one key one after another. */
export function memoryTokenStore() {
  const entries = new Map();
  const tails = new Map();
  return {
    async get(key) {
      const value = entries.get(key);
      return value === undefined ? undefined : structuredClone(value);
    },
    async set(key, value) {
      entries.set(key, structuredClone(value));
    },
    async delete(key) {
      entries.delete(key);
    },
    async withLock(key, fn) {
      const previous = tails.get(key) ?? Promise.resolve();
      let release;
      const held = new Promise((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => held);
      tails.set(key, tail);
      await previous;
      try {
        return await fn();
      } finally {
        release();
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}
