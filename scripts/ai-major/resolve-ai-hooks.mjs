// The module resolution hook resolve-ai.mjs registers (Node's customization hooks run off-thread).
const here = new URL("./package.json", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "ai" || specifier.startsWith("ai/")) {
    return nextResolve(specifier, { ...context, parentURL: here });
  }
  return nextResolve(specifier, context);
}
