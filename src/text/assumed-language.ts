import { LATIN, SCRIPTS, scriptOf, type Script, type ScriptInfo } from './scripts.ts';

/*
 * Apart from `scripts.ts` because only ingest needs it: the engine worker loads it with the
 * readers, not at start.
 */

const UNKNOWN: ScriptInfo = { script: 'Unknown', tag: 'und', segmented: false };

/** Characters of a text looked at to name its script: enough to be sure, bounded for a 20 MB file. */
const SAMPLE_CHARS = 200_000;

/**
 * The language a text is assumed to be in, from the script most of its letters are written in
 * (Latin: English, whose stemmer its words get). What a document's ingest report says.
 */
export function assumedLanguage(text: string): ScriptInfo {
  const counts = new Map<Script, number>();
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  let ascii = 0;
  for (const ch of sample) {
    const c = ch.charCodeAt(0);
    if (c < 128) {
      if ((c | 32) >= 97 && (c | 32) <= 122) ascii++;
      continue;
    }
    if (!/\p{L}/u.test(ch)) continue;
    const s = scriptOf(ch);
    if (s) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  counts.set(LATIN, (counts.get(LATIN) ?? 0) + ascii);
  let best: Script | undefined;
  let most = 0;
  for (const [s, n] of counts) {
    if (n > most) {
      best = s;
      most = n;
    }
  }
  if (!best) return UNKNOWN;
  // Japanese writes most words in Han characters, with kana between them; Chinese has no kana.
  const kana = counts.get(SCRIPTS.find((s) => s.script === 'Hiragana')!) ?? 0;
  if (best.script === 'Han' && kana * 10 >= most) best = SCRIPTS.find((s) => s.script === 'Hiragana')!;
  const { test: _test, stem: _stem, ...info } = best;
  return info;
}
