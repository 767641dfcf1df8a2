/**
 * Approval as LangChain's own human-in-the-loop interrupt, for the tools the toolkit's `approval`
 * policy selects.
 * @module
 */
import { type AgentMiddleware, humanInTheLoopMiddleware } from "langchain";
import type { LangChainToolkit } from "./toolkit.js";

type AfterModel = NonNullable<AgentMiddleware["afterModel"]>;
type AfterModelHandler = Extract<AfterModel, (...args: never[]) => unknown>;

/**
 * An `afterModel` hook that runs `humanInTheLoopMiddleware`'s own with `interruptOn` built, at that
 * moment, from the toolkit's current tools that need approval (every decision allowed). The pause,
 * the interrupt's value (`{ actionRequests, reviewConfigs }`), the resume format
 * (`new Command({ resume: { decisions: [{ type: "approve" | "edit" | "reject", … }] } })`) and
 * what a rejection does (an error `ToolMessage`, back to the model) are therefore LangChain's.
 * Rebuilt on each call because the tool set and a function policy's verdicts may change; on a
 * resume the hook runs again and must see the same tools pending, which it does while the tool set
 * has not changed in between.
 */
export function approvalHook(toolkit: LangChainToolkit): { hook: AfterModelHandler; canJumpTo: ["model"] } {
  return {
    canJumpTo: ["model"],
    hook: (state, runtime) => {
      const interruptOn: Record<string, true> = {};
      for (const tool of toolkit.tools) if (toolkit.needsApproval(tool.name)) interruptOn[tool.name] = true;
      if (Object.keys(interruptOn).length === 0) return undefined;
      // Its options type is inferred from a zod v3 schema, which resolves to `never` here.
      const afterModel = humanInTheLoopMiddleware({ interruptOn } as never).afterModel as AfterModel;
      const hook = typeof afterModel === "function" ? afterModel : afterModel.hook;
      return hook(state, runtime);
    },
  };
}
