// The stores one test opens and closes when it finishes: warnings dropped unless the test passes
// its own `onWarning`.
import { onTestFinished } from "vitest";
import { createRedisStores, type RedisStores, type RedisStoresOptions } from "../../src/index.js";

/** Creates the stores with `options` (warnings ignored by default) and closes them when the test finishes. */
export function openStores(options: RedisStoresOptions): RedisStores {
  const stores = createRedisStores({ onWarning: () => {}, ...options });
  onTestFinished(() => stores.close());
  return stores;
}
