/**
 * Loads the optional `isolated-vm` package on first use, once per process: it is a native module
 * (built by node-gyp when installed), so nothing of it is imported until a host creates the
 * executor and runs a program, and a host without it gets a typed error saying how to install it.
 * The types below are the few members the executor uses, declared here so the core builds and
 * typechecks without the package.
 * @module
 */
import { McpCoreError } from "../errors.js";

/** The package the isolated-vm executor needs, as a host installs it. */
export const ISOLATED_VM_PACKAGE = "isolated-vm";

/** The parts of `isolated-vm`'s module the executor uses (its 5.x API). */
export interface IsolatedVmModule {
  Isolate: new (options?: { memoryLimit?: number }) => IvmIsolate;
  Callback: new (fn: (...args: never[]) => unknown) => object;
}

/** An isolate: its own V8 heap, no Node APIs. */
export interface IvmIsolate {
  readonly cpuTime: bigint;
  readonly isDisposed: boolean;
  createContextSync(): IvmContext;
  compileScriptSync(code: string, info?: { filename?: string }): IvmScript;
  dispose(): void;
}

/** A context of an isolate, its global reachable by reference. */
export interface IvmContext {
  readonly global: IvmReference;
  release(): void;
}

/** A compiled script. */
export interface IvmScript {
  runSync(context: IvmContext, options: { timeout?: number; reference: true }): unknown;
  release(): void;
}

/** A handle to a value inside an isolate (here only to the prelude's functions). */
export interface IvmReference {
  applySync(
    receiver: undefined,
    args: readonly unknown[],
    options: {
      timeout?: number;
      arguments?: { copy: true };
      result?: { copy: true } | { reference: true };
    },
  ): unknown;
  getSync(key: string | number, options: { reference: true }): IvmReference;
  /** The value itself, when passed back into its own isolate. */
  derefInto(): unknown;
  release(): void;
}

let loading: Promise<IsolatedVmModule> | undefined;

/** `isolated-vm`, imported once; a failed import is retried on the next call. */
export function loadIsolatedVm(): Promise<IsolatedVmModule> {
  if (loading === undefined) {
    const started = importIsolatedVm(ISOLATED_VM_PACKAGE);
    loading = started;
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
  }
  return loading;
}

/**
 * Imports the module by name (a test passes one that is not installed).
 * @throws McpCoreError `SANDBOX_UNAVAILABLE` naming the package and how to install it
 */
export async function importIsolatedVm(specifier: string): Promise<IsolatedVmModule> {
  let imported: { default?: unknown } & Record<string, unknown>;
  try {
    imported = (await import(specifier)) as { default?: unknown } & Record<string, unknown>;
  } catch (error) {
    throw isolatedVmLoadError(error);
  }
  // A CommonJS module: its exports are the default export (and, by Node's static analysis, maybe
  // named ones too).
  const module = (imported.default ?? imported) as Partial<IsolatedVmModule>;
  if (typeof module.Isolate !== "function" || typeof module.Callback !== "function")
    throw new McpCoreError(
      "SANDBOX_UNAVAILABLE",
      `code mode's isolated-vm sandbox failed to load: "${specifier}" is not the isolated-vm module`,
    );
  return module as IsolatedVmModule;
}

/** The typed error for an import of isolated-vm that failed: what to install, or the load's own error. */
export function isolatedVmLoadError(error: unknown): McpCoreError {
  const code = (error as { code?: unknown } | null)?.code;
  const missing = code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
  const message = missing
    ? `code mode's isolated-vm sandbox is not installed: npm install ${ISOLATED_VM_PACKAGE}@5 (an optional peer dependency of @toolnexus/mcp-core; a native module, built on install with python3, make and a C++ compiler), or use createQuickJsExecutor`
    : `code mode's isolated-vm sandbox failed to load (a native module built for another Node.js, or a failed build: npm rebuild ${ISOLATED_VM_PACKAGE}): ${error instanceof Error ? error.message : String(error)}`;
  return new McpCoreError("SANDBOX_UNAVAILABLE", message, { cause: error });
}
