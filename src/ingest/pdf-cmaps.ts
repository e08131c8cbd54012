/**
 * Where pdf.js finds its character maps (CJK fonts that name a predefined CMap instead of
 * embedding one). In Node: the files of the installed `pdfjs-dist`. In a page or a worker:
 * the same files, served by the app (Vite turns each into an asset of the build, fetched only
 * when a PDF needs it), never a CDN. Standard font programs are not served: text extraction
 * needs only their widths, which pdf.js has built in.
 */

const isNode = typeof process !== 'undefined' && !!process.versions?.node && typeof (globalThis as { document?: unknown }).document === 'undefined' && typeof (globalThis as { importScripts?: unknown }).importScripts === 'undefined';

/** The `getDocument` options that point pdf.js at its character maps. */
export async function cMapOptions(): Promise<Record<string, unknown>> {
  if (isNode) {
    const { fileURLToPath } = await import('node:url');
    const dir = fileURLToPath(new URL('./cmaps/', import.meta.resolve('pdfjs-dist/package.json')));
    return { cMapUrl: dir, cMapPacked: true };
  }
  const urls = bundledCMaps();
  if (!urls) return {};
  return { cMapUrl: 'almanac-cmaps/', cMapPacked: true, CMapReaderFactory: cMapFactory(urls) };
}

function bundledCMaps(): Record<string, string> | undefined {
  try {
    // URLs only (eager, never inlined): the maps themselves are fetched when a PDF needs one.
    return import.meta.glob<string>('/node_modules/pdfjs-dist/cmaps/*.bcmap', { query: '?url&no-inline', import: 'default', eager: true });
  } catch {
    return undefined;
  }
}

/** A pdf.js CMap reader that fetches the served asset of the map it is asked for. */
function cMapFactory(urls: Record<string, string>) {
  return class {
    async fetch({ name }: { name: string }): Promise<{ cMapData: Uint8Array; isCompressed: boolean }> {
      const url = urls[`/node_modules/pdfjs-dist/cmaps/${name}.bcmap`];
      if (!url) throw new Error(`unknown CMap ${name}`);
      const response = await fetch(url);
      if (!response.ok) throw new Error(`CMap ${name}: HTTP ${response.status}`);
      return { cMapData: new Uint8Array(await response.arrayBuffer()), isCompressed: true };
    }
  };
}
