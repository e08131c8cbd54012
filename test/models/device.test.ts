import { describe, expect, it } from 'vitest';
import { resolveDevice, webgpuAdapter } from '../../src/models/device.ts';

const hardware = { requestAdapter: async () => ({ info: { isFallbackAdapter: false } }) };
const swiftshader = { requestAdapter: async () => ({ info: { isFallbackAdapter: true } }) };
const none = { requestAdapter: async () => null };
const broken = { requestAdapter: async () => { throw new Error('GPU process crashed'); } };

describe('resolveDevice', () => {
  it('auto takes WebGPU on a hardware adapter, WASM otherwise (browser)', async () => {
    expect(await resolveDevice('auto', { isNode: false, gpu: hardware })).toEqual({ device: 'webgpu', auto: true });
    expect(await resolveDevice('auto', { isNode: false, gpu: swiftshader })).toEqual({ device: 'wasm', auto: true });
    expect(await resolveDevice('auto', { isNode: false, gpu: none })).toEqual({ device: 'wasm', auto: true });
    expect(await resolveDevice('auto', { isNode: false, gpu: undefined })).toEqual({ device: 'wasm', auto: true });
    expect(await resolveDevice(undefined, { isNode: false, gpu: broken })).toEqual({ device: 'wasm', auto: true });
  });

  it('auto is CPU in Node without an adapter', async () => {
    expect(await resolveDevice('auto', { isNode: true, gpu: undefined })).toEqual({ device: 'cpu', auto: true });
    expect(await resolveDevice()).toEqual({ device: 'cpu', auto: true });
  });

  it('forcing wasm or cpu never asks for an adapter; Node runs both on CPU', async () => {
    let asked = false;
    const spy = { requestAdapter: async () => { asked = true; return {}; } };
    expect(await resolveDevice('wasm', { isNode: false, gpu: spy })).toEqual({ device: 'wasm', auto: false });
    expect(await resolveDevice('cpu', { isNode: false, gpu: spy })).toEqual({ device: 'wasm', auto: false });
    expect(await resolveDevice('wasm', { isNode: true, gpu: spy })).toEqual({ device: 'cpu', auto: false });
    expect(asked).toBe(false);
  });

  it('forcing webgpu takes even a fallback adapter, and throws WEBGPU_UNAVAILABLE without one', async () => {
    expect(await resolveDevice('webgpu', { isNode: false, gpu: swiftshader })).toEqual({ device: 'webgpu', auto: false });
    await expect(resolveDevice('webgpu', { isNode: false, gpu: none })).rejects.toMatchObject({ code: 'WEBGPU_UNAVAILABLE' });
    await expect(resolveDevice('webgpu', { isNode: false, gpu: undefined })).rejects.toMatchObject({ code: 'WEBGPU_UNAVAILABLE' });
  });

  it('webgpuAdapter reports the legacy isFallbackAdapter flag too', async () => {
    expect(await webgpuAdapter({ requestAdapter: async () => ({ isFallbackAdapter: true }) })).toEqual({ fallback: true });
    expect(await webgpuAdapter(broken)).toBeNull();
  });
});
