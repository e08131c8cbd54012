/**
 * A scratch project that installs the packed tarball the way a user would, offline.
 *
 * `npm install --offline <tgz>` needs the registry's metadata of every dependency in the npm
 * cache, which `npm ci` never stores (it fetches tarballs by the lockfile's URLs). So the
 * scratch project gets a lockfile of its own, cut from this repository's: the package's
 * runtime dependencies and theirs, at the same paths and versions. `npm ci --offline` then
 * installs from the tarballs `npm ci` left in the cache. What it installs is exactly the
 * package's `dependencies` closure: optional peers (the model stacks) are not in it, as npm
 * leaves them out of a real install too.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

interface Lock {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/** Node's lookup: `name` from the package at `from`, walking up the nested node_modules. */
function resolveIn(packages: Lock['packages'], from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const at = base.lastIndexOf('/node_modules/');
    base = at < 0 ? '' : base.slice(0, at);
  }
}

/** The lockfile entries `dependencies` pulls in, from `rootLock` (paths kept as they are there). */
export function lockClosure(rootLock: Lock, dependencies: Record<string, string>): Record<string, LockEntry> {
  const out: Record<string, LockEntry> = {};
  const queue: Array<[string, string, boolean]> = Object.keys(dependencies).map((d) => ['', d, false]);
  while (queue.length) {
    const [from, name, optional] = queue.shift()!;
    const at = resolveIn(rootLock.packages, from, name);
    if (!at) {
      if (optional) continue;
      throw new Error(`${name} (needed by ${from || 'the package'}) is not in package-lock.json`);
    }
    if (out[at]) continue;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = rootLock.packages[at]!;
    out[at] = entry;
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((p) => !entry.peerDependenciesMeta?.[p]?.optional);
    for (const d of Object.keys(entry.dependencies ?? {})) queue.push([at, d, false]);
    for (const d of Object.keys(entry.optionalDependencies ?? {})) queue.push([at, d, true]);
    for (const d of peers) queue.push([at, d, false]);
  }
  return out;
}

/**
 * Makes `dir` a project that depends on the tarball, with its lockfile, and runs
 * `npm ci --offline` in it. Returns the seconds the install took.
 */
export function installScratch(repoRoot: string, tarball: string, dir: string): number {
  fs.mkdirSync(dir, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as LockEntry & { name: string };
  const rootLock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as Lock;
  const spec = `file:${path.relative(dir, tarball).split(path.sep).join('/')}`;
  const integrity = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
  const pkg = { name: 'almanac-scratch', version: '1.0.0', private: true, type: 'module', dependencies: { [manifest.name]: spec } };
  const lock = {
    name: pkg.name,
    version: pkg.version,
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: pkg.name, version: pkg.version, dependencies: pkg.dependencies },
      [`node_modules/${manifest.name}`]: {
        version: manifest.version,
        resolved: spec,
        integrity,
        license: manifest.license,
        dependencies: manifest.dependencies,
        peerDependencies: manifest.peerDependencies,
        peerDependenciesMeta: manifest.peerDependenciesMeta,
        bin: manifest.bin,
        engines: manifest.engines,
      },
      ...lockClosure(rootLock, manifest.dependencies ?? {}),
    },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  const started = performance.now();
  const r = spawnSync('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm ci --offline failed in the scratch project:\n${r.stdout}\n${r.stderr}`);
  return (performance.now() - started) / 1000;
}

/** Bytes of every file under `dir` (the size `du --apparent-size` reports). */
export function treeBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}
