/**
 * The npm package as a new user meets it: `npm pack`, install the tarball into an empty
 * project (offline), then plain Node imports `almanac` (no tsx), a TypeScript project
 * type-checks against the shipped `.d.ts`, and the Vite app of `examples/vite-app/` builds
 * with `almanac`, `almanac/remote` and `almanac/element` and runs in Chromium.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launch, tempDir } from '../e2e/harness.ts';
import { installScratch, treeBytes } from './scratch.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types?: string; import?: string }>;
};

let tmp: string;
let app: string;
let files: string[];
let installSeconds: number;

/** Runs a command in the scratch project; returns stdout, throws with stderr on failure. */
function runIn(cwd: string, cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-package-'));
  // `npm pack` runs `prepack`, the package build: what is packed is what was just built.
  const packed = JSON.parse(runIn(root, 'npm', ['pack', '--json', '--pack-destination', tmp])) as Array<{ filename: string; files: Array<{ path: string }> }>;
  files = packed[0]!.files.map((f) => f.path);
  app = path.join(tmp, 'app');
  installSeconds = installScratch(root, path.join(tmp, packed[0]!.filename), app);
}, 180_000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

/** Opens the example app at `url` in Chromium and checks what it wrote into `body[data-result]`. */
async function expectAppRuns(url: string): Promise<void> {
  const profile = tempDir('almanac-package-chromium-');
  const browser = await launch(profile.dir);
  try {
    await browser.page.goto(url);
    await browser.page.waitForSelector('body[data-result]', { state: 'attached', timeout: 60_000 });
    expect(JSON.parse((await browser.page.getAttribute('body', 'data-result'))!)).toEqual({ viaRemote: 1, viaOwn: '1:function', element: 'function' });
    // (A console error the test allows: the favicon this page does not have.)
    expect(browser.problems.filter((p) => !p.includes('404 (Not Found)'))).toEqual([]);
  } finally {
    await browser.close();
    profile.dispose();
  }
}

describe('the packed package', () => {
  it('ships the built entry points and nothing of the repository\'s tests, benchmarks, demo app or sources', () => {
    for (const [entry, target] of Object.entries(manifest.exports)) {
      const targets = typeof target === 'string' ? [target] : [target.types, target.import];
      for (const t of targets) {
        const [prefix, wildcard] = t!.replace(/^\.\//, '').split('*');
        if (wildcard === undefined) expect(files, `exports["${entry}"] -> ${t}`).toContain(prefix);
        else expect(files.some((f) => f.startsWith(prefix!)), `exports["${entry}"] -> ${t}`).toBe(true);
      }
    }
    const unwanted = files.filter((f) =>
      /^(test|bench|scripts|public|demo|workers|src)\//.test(f)
      // Of the demo, only the DOM helpers and the answer card (its label too) the element shares with it.
      || (f.startsWith('dist/demo/') && !/^dist\/demo\/(dom|format|highlight|answer-card|answer-label|table-view)\.(js|d\.ts)$/.test(f))
      || /(^|\/)(index\.html|vite\.config|vitest\.config|tsconfig)/.test(f)
      || /sample-corpus|\.test\.|\/main\.js$/.test(f.replace('dist/src/cli/main.js', ''))
      || (f.endsWith('.ts') && !f.endsWith('.d.ts')));
    expect(unwanted).toEqual([]);
    // The one-tag embed: the element script and its worker, side by side.
    expect(files).toContain('dist/embed/almanac-search.js');
    expect(files.filter((f) => /^dist\/embed\/engine\.worker-[\w-]+\.js$/.test(f))).toHaveLength(1);
  });

  it('installs offline without any model stack or ONNX Runtime', () => {
    const installed = fs.readdirSync(path.join(app, 'node_modules'), { recursive: true, encoding: 'utf8' })
      .filter((p) => p.split(path.sep).length <= 2);
    expect(installed.filter((p) => /onnxruntime|@huggingface|@mlc-ai|transformers/.test(p))).toEqual([]);
    const bytes = treeBytes(path.join(app, 'node_modules'));
    // Measured 16.2 MB: the package (4.8 MB, mostly the embed's on-demand PDF and Office
    // readers) and its dependencies (chrono-node's locales, Orama's stemmers).
    expect(bytes).toBeLessThan(25 * 1024 * 1024);
    console.error(`package test: installed node_modules ${(bytes / 1024 / 1024).toFixed(1)} MB in ${installSeconds.toFixed(1)} s`);
  });

  it('runs in plain Node: ingest and search through `almanac`, typed errors for what is not installed', () => {
    fs.writeFileSync(path.join(app, 'consumer.mjs'), `
import { createAlmanac, citeCell } from 'almanac';
import { loadEmbedder } from 'almanac/models';
import { connectAlmanac } from 'almanac/remote';
import { openFileStore } from 'almanac/node';
import os from 'node:os';
import fsp from 'node:fs/promises';
import pathMod from 'node:path';

// The file-backed store: written by one engine, opened by another (the prebuilt index of almanac build).
const dir = await fsp.mkdtemp(pathMod.join(os.tmpdir(), 'almanac-pkg-store-'));
const writer = await createAlmanac({ storage: { store: await openFileStore(dir) } });
await writer.ingest([{ name: 'a.md', content: '# Comets\\n\\nHalley returned in 1986.' }]);
await writer.close();
const reader = await createAlmanac({ storage: { store: await openFileStore(dir) } });
const persisted = (await reader.search('Halley')).results.length;

const almanac = await createAlmanac();
const reports = await almanac.ingest([
  { name: 'quokka.md', content: '# The Quokka Observatory\\n\\nThe Quokka Observatory on Rottnest Island opened on 3 March 2019. Its telescope photographs meteors.' },
  { name: 'rates.csv', content: 'Currency,2012,2013\\nMexican peso,12.9,11.2\\nEuro,0.78,0.75\\n' },
]);
const text = await almanac.search('telescope meteors');
const table = await almanac.search('Mexican peso 2013');
const cell = table.results.find((r) => r.matchedCells?.length)?.matchedCells?.[0];
const code = (p) => p.then(() => 'resolved', (e) => e.code ?? e.message);
console.log(JSON.stringify({
  reports: reports.map((r) => [r.name, r.passages, r.error?.code ?? null]),
  mode: text.mode,
  first: text.results[0]?.passage.text,
  cell: cell ? citeCell(cell) : null,
  remote: typeof connectAlmanac,
  models: await code(loadEmbedder({ model: 'Xenova/all-MiniLM-L6-v2' })),
  indexedDB: await code(createAlmanac({ storage: { indexedDB: { name: 'x' } } })),
  persisted,
}));
`);
    const out = JSON.parse(runIn(app, process.execPath, ['consumer.mjs']).trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(out.reports).toEqual([['quokka.md', expect.any(Number), null], ['rates.csv', expect.any(Number), null]]);
    expect(out.mode).toBe('bm25');
    expect(out.first).toContain('telescope photographs meteors');
    expect(out.cell).toContain('11.2');
    expect(out.remote).toBe('function');
    expect(out.models).toBe('MODEL_STACK_MISSING');
    expect(out.indexedDB).toBe('INDEXEDDB_UNAVAILABLE');
    expect(out.persisted).toBeGreaterThan(0);
  });

  it('installs the `almanac` command, which runs the built CLI (no tsx)', () => {
    fs.mkdirSync(path.join(app, 'notes'), { recursive: true });
    fs.writeFileSync(path.join(app, 'notes', 'quokka.md'), '# Quokkas\n\nThe quokka observatory opened on 3 March 2019.\n');
    expect(fs.existsSync(path.join(app, 'node_modules', 'tsx'))).toBe(false);
    const out = runIn(app, path.join(app, 'node_modules', '.bin', 'almanac'), ['notes', 'when did the observatory open?', '--json']);
    expect(out).toContain('opened on 3 March 2019');
  });

  it('type-checks a TypeScript consumer against the shipped .d.ts with zero errors (NodeNext and Bundler resolution)', async () => {
    fs.writeFileSync(path.join(app, 'consumer.ts'), `
import { AlmanacError, createAlmanac, type CorpusStore, type SearchResponse, type StorageOption } from 'almanac';
import { connectAlmanac, type RemoteAlmanac } from 'almanac/remote';
import { AlmanacSearchElement, type AlmanacSelectDetail } from 'almanac/element';

export const element: AlmanacSearchElement | null = document.querySelector('almanac-search');
element?.addEventListener('almanac-select', (event) => {
  const detail: AlmanacSelectDetail = event.detail;
  void detail.result.passage.docId;
});
export async function find(question: string): Promise<SearchResponse> {
  const almanac = await createAlmanac({ storage: 'memory' });
  await almanac.ingest([{ name: 'a.md', content: '# A\\n\\nText.' }], { onProgress: (p) => void p.done });
  return almanac.search(question, { limit: 3 });
}
export const remote: () => Promise<RemoteAlmanac> = () => connectAlmanac({ storage: { indexedDB: { name: 'site' } } });
export const custom = (store: CorpusStore): StorageOption => ({ store });
export const isAborted = (e: unknown): boolean => e instanceof AlmanacError && e.code === 'ABORTED';
// @ts-expect-error: a search takes a string
void find(42);
`);
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    // Both resolutions at once: each tsc is a process of its own.
    const outputs = await Promise.all([['NodeNext', 'NodeNext'], ['ESNext', 'Bundler']].map(([module, moduleResolution]) => {
      const config = `tsconfig.${moduleResolution}.json`;
      fs.writeFileSync(path.join(app, config), JSON.stringify({
        compilerOptions: {
          target: 'ES2022', module, moduleResolution, lib: ['ES2022', 'DOM'], types: [],
          strict: true, noEmit: true, skipLibCheck: false, exactOptionalPropertyTypes: true,
        },
        files: ['consumer.ts'],
      }));
      return new Promise<string>((resolve) => {
        execFile(process.execPath, [tsc, '-p', config], { cwd: app, encoding: 'utf8' }, (error, stdout, stderr) => {
          resolve(`${moduleResolution}: ${error ? `exit ${error.code} ` : ''}${stdout}${stderr}`.trim());
        });
      });
    }));
    expect(outputs).toEqual(['NodeNext:', 'Bundler:']);
  });

  it('builds into a Vite app with `almanac`, `almanac/remote` and `almanac/element`, which runs in Chromium: the engine worker, a worker of the app\'s own, the element', async () => {
    // The example app, as it is in examples/vite-app/, over the installed tarball.
    for (const file of ['index.html', 'main.js', 'own.worker.js', 'vite.config.js']) {
      fs.copyFileSync(path.join(root, 'examples', 'vite-app', file), path.join(app, file));
    }
    const outDir = path.join(app, 'dist');
    await build({ root: app, configFile: path.join(app, 'vite.config.js'), logLevel: 'error', build: { outDir } });
    const assets = fs.readdirSync(path.join(outDir, 'assets'));
    const worker = assets.find((a) => /^engine\.worker-.*\.js$/.test(a));
    expect(worker, assets.join(', ')).toBeDefined();
    // No ONNX Runtime in a zero-download app ("ort-wasm-simd-threaded.wasm", "ort.bundle.min-*.js";
    // not a name that holds the letters, "support-questions-*.js").
    expect(assets.filter((a) => /^ort[.-]|onnx|\.wasm$/i.test(a))).toEqual([]);
    const page = assets.filter((a) => a.endsWith('.js') && a !== worker).map((a) => fs.readFileSync(path.join(outDir, 'assets', a), 'utf8')).join('');
    expect(page).toContain(worker);
    expect(page).toContain('almanac-search');

    const port = await freePort();
    const server = await preview({ root: app, configFile: false, logLevel: 'error', build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
    try {
      await expectAppRuns(`http://127.0.0.1:${port}/`);
    } finally {
      await server.close();
    }
  }, 90_000);

  it('gives a browser build of `almanac/node` a module that builds and says what to use instead (NODE_ONLY), not a failure on node:fs', async () => {
    const dir = path.join(app, 'guard');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'entry.js'), "import { openFileStore } from 'almanac/node';\nexport const open = () => openFileStore('./docs');\n");
    const outDir = path.join(dir, 'out');
    await build({ root: app, configFile: false, logLevel: 'error', build: { outDir, lib: { entry: path.join(dir, 'entry.js'), formats: ['es'], fileName: 'guard' }, minify: false } });
    const out = path.join(outDir, fs.readdirSync(outDir).find((f) => f.startsWith('guard'))!);
    // No import of Node's modules (the stand-in's comment may name them).
    expect(fs.readFileSync(out, 'utf8')).not.toMatch(/(from|import\(|require\()\s*['"]node:/);
    expect(fs.readFileSync(out, 'utf8')).toContain('NODE_ONLY');
    const guard = (await import(out)) as { open: () => Promise<unknown> };
    await expect(guard.open()).rejects.toMatchObject({ name: 'AlmanacError', code: 'NODE_ONLY', message: expect.stringContaining('IndexedDB') });
    // In Node the same specifier is the real store.
    expect(runIn(app, process.execPath, ['--input-type=module', '-e', "import('almanac/node').then((m) => console.log(m.openFileStore.toString().includes('NODE_ONLY')))"]).trim()).toBe('false');
  }, 60_000);

  it('runs on the Vite dev server with the example\'s pre-bundling settings', async () => {
    const port = await freePort();
    const server = await createServer({ root: app, configFile: path.join(app, 'vite.config.js'), logLevel: 'error', server: { host: '127.0.0.1', port, strictPort: true } });
    await server.listen();
    try {
      await expectAppRuns(`http://127.0.0.1:${port}/`);
    } finally {
      await server.close();
    }
  }, 90_000);
});
