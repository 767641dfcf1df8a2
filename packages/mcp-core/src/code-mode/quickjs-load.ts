/**
 * Loads the optional QuickJS packages on first use, once per process: nothing of the sandbox is
 * imported until a host runs a program, so the core's import time does not rise and a host that
 * never uses code mode need not install them.
 * @module
 */
import type { QuickJSSyncVariant, QuickJSWASMModule } from "quickjs-emscripten-core";

/** The packages the default executor needs, as a host installs them. */
export const QUICKJS_PACKAGES = ["quickjs-emscripten-core", "@jitl/quickjs-wasmfile-release-sync"] as const;

let loading: Promise<QuickJSWASMModule> | undefined;

/** The QuickJS WebAssembly module, compiled once; a failed load is retried on the next call. */
export function loadQuickJs(): Promise<QuickJSWASMModule> {
  if (loading === undefined) {
    const started = importQuickJs(QUICKJS_PACKAGES[0], QUICKJS_PACKAGES[1]);
    loading = started;
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
  }
  return loading;
}

/** Drops the compiled module, so the next run loads a fresh one. */
export function forgetQuickJs(): void {
  loading = undefined;
}

/** Imports the core and its variant by name (a test passes a name that is not installed). */
export async function importQuickJs(core: string, variant: string): Promise<QuickJSWASMModule> {
  const [quickjs, build] = (await Promise.all([import(core), import(variant)])) as [
    typeof import("quickjs-emscripten-core"),
    { default: Parameters<typeof import("quickjs-emscripten-core").newQuickJSWASMModuleFromVariant>[0] },
  ];
  // The engine's abort on freeing a runtime that a run interrupted at cpuTimeMs left objects in
  // (QuickJS keeps an interrupted async function's frame) is caught where the runtime is freed
  // (`quickjs-run.ts` recompiles the module): its "Aborted(Assertion failed: …)" line is not the
  // host's to read on stderr. Anything else the WebAssembly side prints still goes there.
  const printErr = (text: string) => {
    if (!text.startsWith("Aborted(")) console.error(text);
  };
  const quiet = quickjs.newVariant(build.default as QuickJSSyncVariant, {
    emscriptenModule: { printErr } as NonNullable<
      Parameters<typeof quickjs.newVariant>[1]["emscriptenModule"]
    >,
  });
  return quickjs.newQuickJSWASMModuleFromVariant(quiet);
}

/** What `execute` answers when the sandbox cannot load: what to install, or the load's own error. */
export function quickJsLoadError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND")
    return `code mode's QuickJS sandbox is not installed: npm install ${QUICKJS_PACKAGES.join(" ")} (optional dependencies of @toolnexus/mcp-core), or pass another executor`;
  return `code mode's QuickJS sandbox failed to load: ${error instanceof Error ? error.message : String(error)}`;
}
