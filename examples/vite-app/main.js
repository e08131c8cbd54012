// The library from a bundled app: the engine in its worker (`almanac/remote`), the element
// (`almanac/element`), and `almanac` itself in a worker of the app's own (`own.worker.js`).
import { connectAlmanac } from 'almanac/remote';
import 'almanac/element';

const doc = { name: 'a.md', content: '# A\n\nThe telescope photographs meteors.' };

const remote = await connectAlmanac({ storage: 'memory' });
await remote.ingest([doc]);
const viaRemote = (await remote.search('telescope')).results.length;

const own = new Worker(new URL('./own.worker.js', import.meta.url), { type: 'module' });
const viaOwn = await new Promise((resolve) => {
  own.onmessage = (event) => resolve(event.data);
  own.postMessage({ doc, query: 'telescope' });
});

// What the package test reads.
document.body.dataset.result = JSON.stringify({ viaRemote, viaOwn, element: typeof customElements.get('almanac-search') });
