/**
 * A recording hook on every connection's state machine, for tests that replay a real run: each
 * step is the machine before, the event, and what `transition` returned. Nothing is kept or costs
 * anything while no recorder is set.
 * @module
 */
import type { LifecycleEvent, Machine, Transition } from "./lifecycle-state.js";

/** One step of one server's machine. */
export interface MachineStep {
  server: string;
  before: Machine;
  event: LifecycleEvent;
  after: Transition;
}

let recorder: ((step: MachineStep) => void) | undefined;

/** Test-only: sends every step of every machine in this process to `listener` until the returned stop. */
export function recordMachineSteps(listener: (step: MachineStep) => void): () => void {
  recorder = listener;
  return () => {
    if (recorder === listener) recorder = undefined;
  };
}

/** Called by the runner after each transition it applies. */
export function recordStep(server: string, before: Machine, event: LifecycleEvent, after: Transition): void {
  recorder?.({ server, before, event, after });
}
