// The module resolution hook resolve-isolated-vm.mjs registers (Node's customization hooks run
// off-thread).
const here = new URL("./package.json", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "isolated-vm") return nextResolve(specifier, { ...context, parentURL: here });
  return nextResolve(specifier, context);
}
