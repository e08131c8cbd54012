/**
 * `--passages-hash` of `npm run bench -- tables`: a hash of every prepared passage (kind, text,
 * offsets, heading, cited cells, sentences with their timestamps and intervals) and one of the
 * postings the indexes get from them, so a change meant for speed or memory can show that it
 * prepares and indexes exactly what it did (compare the two hashes before and after).
 */
import { createHash } from 'node:crypto';
import type { DocumentInput, Passage } from '../src/types.ts';
import { PieceTerms, prepareDocument, releasePrepared } from '../src/engine/prepare.ts';
import { setPiecewiseTerms } from '../src/retrieval/term-index.ts';
import { analyseSegment } from '../src/engine/segments.ts';
import type { DocumentRecord } from '../src/storage/store.ts';

/** The two hashes (hex, 16 digits each) over `inputs`, prepared in order with a fixed clock. */
export async function passageHashes(inputs: DocumentInput[]): Promise<{ passages: number; passages_sha256: string; postings_sha256: string }> {
  // As the engine does when it loads the ingest: summaries tokenised from their pieces.
  setPiecewiseTerms(() => new PieceTerms());
  const realNow = Date.now;
  // "since 2015" runs to now: a fixed now, so the hash does not change with the clock.
  Date.now = () => 1_700_000_000_000;
  try {
    const text = createHash('sha256');
    const records: DocumentRecord[] = [];
    for (const input of inputs) {
      const prepared = await prepareDocument(input, { now: 0 });
      records.push({ document: prepared.document, passages: prepared.passages });
      // As the engine holds them once indexed: table passages read back through their derivation.
      releasePrepared(prepared.passages);
      for (const p of prepared.passages) text.update(JSON.stringify(passageFacts(p)));
    }
    const postings = createHash('sha256');
    const segment = analyseSegment(records);
    for (const index of [segment.lexical, segment.structured]) {
      postings.update(String(index.passages));
      for (const f of index.fields) {
        postings.update(f.terms.join('\u0001'));
        for (const a of [f.offsets, f.ids, f.counts, f.lengths]) postings.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
      }
    }
    return {
      passages: records.reduce((n, r) => n + r.passages.length, 0),
      passages_sha256: text.digest('hex').slice(0, 16), postings_sha256: postings.digest('hex').slice(0, 16),
    };
  } finally {
    Date.now = realNow;
  }
}

function passageFacts(p: Passage): unknown {
  return [
    p.id, p.kind, p.text, p.start, p.end, p.heading, p.tableIndex, p.cells?.map((c) => `${c[0]},${c[1]}`) ?? null, p.source, p.page,
    p.sentences.map((s) => [s.start, s.end, s.times, s.intervals]),
  ];
}
