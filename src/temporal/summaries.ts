/**
 * Query-focused summaries (MRAG step 4): one sentence per top passage that gathers the
 * answer and its date, written by a generator. Summaries only help scoring; answers are
 * generated from the original passages. Summaries hallucinate ("won a playoff series in
 * 2009" became "won the Stanley Cup in 2009"), so every date of a summary must occur in
 * its source passage, or the summary is dropped.
 */

import { throwIfAborted } from '../errors.ts';
import type { Generator, Passage, TimeSpan } from '../types.ts';
import type { ParsedQuestion } from './constraint.ts';
import { SUMMARIES } from './settings.ts';
import { extractTimestamps } from './timestamps.ts';

/** One summary, kept or dropped with the reason. */
export interface PassageSummary {
  passageId: string;
  summary: string;
  times: TimeSpan[];
  kept: boolean;
  reason?: string;
}

function prompt(question: ParsedQuestion, passage: Passage): string {
  const when = question.constraint ? ` (time: ${question.constraint.text})` : '';
  return [
    'Summarise the passage in ONE sentence that answers the question and keeps every date it relies on.',
    'Use only facts and dates written in the passage. If the passage does not answer, say "No answer."',
    `Question: ${question.mainContent}${when}`,
    `Passage: ${passage.text}`,
    'Summary:',
  ].join('\n');
}

// The first sentence of the generator's output, without a chatty lead-in, capped.
function firstSentence(raw: string): string {
  let s = raw.trim().replace(/^(?:summary\s*:\s*)/i, '').split('\n')[0]!.trim();
  const end = /[.!?](?=\s+[A-Z]|\s*$)/.exec(s);
  if (end) s = s.slice(0, end.index + 1);
  if (s.length > SUMMARIES.maxChars) {
    const cut = s.lastIndexOf(' ', SUMMARIES.maxChars);
    s = `${s.slice(0, cut > 0 ? cut : SUMMARIES.maxChars)}…`;
  }
  return s;
}

// A summary date is supported when a date of the passage covers it at the same or a
// finer grain: "in 2018" is supported by "January 9, 2018"; "in 2009" is not by "2019".
function supported(t: TimeSpan, source: TimeSpan[]): boolean {
  return source.some((s) => s.start <= t.start && t.end <= s.end || t.start <= s.start && s.end <= t.end);
}

/**
 * Writes one summary per passage (in the order given; MRAG summarises the top 5), keeping
 * its dates. A summary is dropped (`kept: false`, with a reason) when it has a date that
 * does not occur in its passage, when it is empty, or when the generator says the passage
 * does not answer. Summaries are capped at `SUMMARIES.maxChars`.
 */
export async function summarizeForQuestion(
  generator: Generator,
  question: ParsedQuestion,
  passages: Passage[],
  options?: { signal?: AbortSignal },
): Promise<PassageSummary[]> {
  const out: PassageSummary[] = [];
  for (const passage of passages) {
    throwIfAborted(options?.signal, 'Summaries');
    const raw = await generator.generate(prompt(question, passage), { maxNewTokens: SUMMARIES.maxNewTokens, signal: options?.signal });
    const summary = firstSentence(raw);
    const times = extractTimestamps(summary);
    const base = { passageId: passage.id, summary, times };
    if (!summary || /^no answer\b/i.test(summary)) {
      out.push({ ...base, kept: false, reason: 'the passage does not answer' });
      continue;
    }
    const source = passage.sentences.length ? passage.sentences.flatMap((s) => s.times) : extractTimestamps(passage.text);
    const bad = times.filter((t) => !supported(t, source));
    if (bad.length) {
      out.push({ ...base, kept: false, reason: `dates not in the passage: ${bad.map((t) => summary.slice(t.from, t.to)).join(', ')}` });
      continue;
    }
    out.push({ ...base, kept: true });
  }
  return out;
}
