/**
 * A static server for a plain site, as a host would run one: files under `dir`, the strict
 * policy of issue 13 as a header (so the worker is under it too), and an hour of HTTP caching
 * (so a page visited once comes back from the browser's cache with the network off, the way a
 * reader's browser keeps a site's pages; the index comes back from the element's Cache Storage).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from './harness.ts';

export const STRICT_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; worker-src 'self'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json', '.bin': 'application/octet-stream', '.css': 'text/css',
};

export interface StaticSite {
  origin: string;
  /** Paths requested, in order. */
  hits: string[];
  close(): Promise<void>;
}

export async function serveStatic(dir: string, headers: Record<string, string> = {}): Promise<StaticSite> {
  const port = await freePort();
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(url.pathname);
    const rel = decodeURIComponent(url.pathname).replace(/\/$/, '/index.html');
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'max-age=3600',
      'content-security-policy': STRICT_POLICY,
      ...headers,
    });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
