#!/usr/bin/env node
// From a checkout (src/ present) the CLI runs from its TypeScript through tsx, so `npx almanac`
// needs no build step; the installed package has no src/ and runs the built JavaScript.
import fs from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
if (fs.existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import('../dist/src/cli/main.js');
}
