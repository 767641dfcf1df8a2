import { waitFor } from "@toolnexus/fixtures";

/** Waits (bounded) until the stores answer: they connect to Redis in the background. */
export async function connected(stores: {
  tokenStore: { get(key: string): Promise<unknown> };
}): Promise<void> {
  await waitFor(
    () =>
      stores.tokenStore.get("probe").then(
        () => true,
        () => false,
      ),
    { message: "the store to connect" },
  );
}
