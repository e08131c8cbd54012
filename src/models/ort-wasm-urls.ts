/**
 * Same-origin URLs of ONNX Runtime Web's wasm runtime, for browsers only (Node runs
 * onnxruntime-node and must never import this module). Vite's `?url` turns each into a
 * served asset in dev and build, so the runtime never comes from a CDN. The asyncify build
 * is the one pair that serves both the WASM and the WebGPU backends.
 */
import wasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import mjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';

/** URLs to hand to `env.backends.onnx.wasm.wasmPaths`. */
export const ORT_WASM_PATHS: { wasm: string; mjs: string } = { wasm, mjs };
