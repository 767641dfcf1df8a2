/**
 * Whether a toolkit was given an `approval` policy, for the agent middleware (which adds its
 * interrupt step only then: an agent without one needs no checkpointer).
 * @module
 */
const withApproval = new WeakSet<object>();

/** Records that `toolkit` has an approval policy. */
export function markApprovalPolicy(toolkit: object): void {
  withApproval.add(toolkit);
}

/** True when `toolkit` was created with an approval policy. */
export function hasApprovalPolicy(toolkit: object): boolean {
  return withApproval.has(toolkit);
}
