/**
 * Which device a model runs on. `auto` takes WebGPU when the browser gives a hardware
 * adapter, otherwise WASM in browsers and ONNX Runtime's CPU backend in Node. A caller may
 * force either; forcing WebGPU without an adapter is an error, never a silent downgrade.
 */
import { createError } from '../errors.ts';
import type { ModelDevice } from '../types.ts';
import { isNodeRuntime } from './environment.ts';

/** A device transformers.js accepts. */
export type ResolvedDevice = 'webgpu' | 'wasm' | 'cpu';

/** The part of `navigator.gpu` this module needs; tests hand in their own. */
export interface GpuLike {
  requestAdapter(): Promise<unknown>;
}

/** What {@link resolveDevice} looks at; defaults to the real runtime. */
export interface DeviceProbe {
  isNode: boolean;
  gpu: GpuLike | undefined;
}

/** What {@link resolveDevice} chose, and whether it was `auto`'s choice (which may fall back). */
export interface DeviceChoice {
  device: ResolvedDevice;
  auto: boolean;
}

function runtimeProbe(): DeviceProbe {
  const nav = (globalThis as { navigator?: { gpu?: GpuLike } }).navigator;
  return { isNode: isNodeRuntime(), gpu: nav?.gpu };
}

/**
 * Asks for a WebGPU adapter. Returns null when there is none (no `navigator.gpu`, null
 * adapter, or `requestAdapter` throws), and whether the adapter is a software fallback
 * (SwiftShader): correct but slower than WASM, so `auto` does not pick it.
 */
export async function webgpuAdapter(gpu: GpuLike | undefined = runtimeProbe().gpu): Promise<{ fallback: boolean } | null> {
  if (!gpu) return null;
  try {
    const adapter = (await gpu.requestAdapter()) as { isFallbackAdapter?: boolean; info?: { isFallbackAdapter?: boolean } } | null;
    if (!adapter) return null;
    return { fallback: adapter.info?.isFallbackAdapter === true || adapter.isFallbackAdapter === true };
  } catch {
    return null;
  }
}

/**
 * Resolves the requested device. In Node, `wasm` means ONNX Runtime's CPU backend (the
 * Node build has no WASM backend, and CPU is what WASM would have done).
 */
export async function resolveDevice(requested: ModelDevice = 'auto', probe: Partial<DeviceProbe> = {}): Promise<DeviceChoice> {
  const { isNode, gpu } = { ...runtimeProbe(), ...probe };
  const cpu: ResolvedDevice = isNode ? 'cpu' : 'wasm';
  if (requested === 'cpu' || requested === 'wasm') return { device: cpu, auto: false };
  const adapter = await webgpuAdapter(gpu);
  if (requested === 'webgpu') {
    if (!adapter) throw createError('WEBGPU_UNAVAILABLE');
    return { device: 'webgpu', auto: false };
  }
  return { device: adapter && !adapter.fallback ? 'webgpu' : cpu, auto: true };
}
