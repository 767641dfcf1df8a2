/**
 * What the isolated-vm executor evaluates in each fresh context before the program: the shared
 * prelude (`quickjs-prelude.ts`, the same bridge as QuickJS's: JSON text out and in, an outbox
 * drained per turn), after taking from V8's global what would let a program allocate past the
 * isolate's `memoryLimit`. isolated-vm counts the V8 heap and ordinary ArrayBuffers against it, but
 * not a `WebAssembly.Memory` (4 GB of the host's memory under an 8 MB limit, measured), a resizable
 * ArrayBuffer's `resize` or a growable SharedArrayBuffer's `grow` (1 GB each), and the address
 * space that resizable buffers reserve up front (thousands of `maxByteLength: 2 ** 32` buffers
 * ended the whole Node process with a V8 out-of-memory abort). So: no `WebAssembly` and no
 * `SharedArrayBuffer` (no single-threaded program needs them, and QuickJS has neither), no
 * `resize`, and an `ArrayBuffer` that refuses `maxByteLength`, installed as the global and as the
 * prototype's `constructor`, the only two ways to the engine's own (it is kept in this closure).
 * @module
 */
import { QUICKJS_PRELUDE } from "./quickjs-prelude.js";

/**
 * A script whose value is the shared prelude's function, `(hostLog, hostDone, keysJson) =>
 * [run, drain, deliver]`, with the global hardened first.
 */
export const ISOLATED_VM_PRELUDE = `(() => {
  "use strict";
  const RealArrayBuffer = ArrayBuffer;
  const construct = Reflect.construct;
  const define = Object.defineProperty;
  const RangeErrorOf = RangeError;
  delete globalThis.WebAssembly;
  delete globalThis.SharedArrayBuffer;
  delete RealArrayBuffer.prototype.resize;
  const SafeArrayBuffer = function ArrayBuffer(length, options) {
    if (new.target === undefined) throw new TypeError("Constructor ArrayBuffer requires 'new'");
    if (options !== null && typeof options === "object" && options.maxByteLength !== undefined)
      throw new RangeErrorOf("resizable ArrayBuffers are not available in this sandbox");
    return construct(RealArrayBuffer, [length], new.target);
  };
  define(SafeArrayBuffer, "prototype", { value: RealArrayBuffer.prototype, writable: false });
  define(SafeArrayBuffer, "isView", { value: RealArrayBuffer.isView, writable: true, configurable: true });
  define(RealArrayBuffer.prototype, "constructor", { value: SafeArrayBuffer, writable: true, configurable: true });
  define(globalThis, "ArrayBuffer", { value: SafeArrayBuffer, writable: true, configurable: true });
  return ${QUICKJS_PRELUDE};
})()`;
