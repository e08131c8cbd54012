/**
 * MixRAG's RECAP with a generator: Restate (the question and its type), Extract (the figures),
 * Compute (one formula, evaluated by Almanac's calculator, never trusted from the model),
 * Answer (the model's own result, recorded beside the calculator's), Present (the final
 * answer). Non-numeric questions skip Compute, as the method's authors advise. The model reads
 * the original passages and the table's H-RCL rows (never summaries), answers only from them,
 * and says so when they do not support an answer. Pure: the prompt and the reading of the
 * reply; the engine makes the call.
 */
import { cut, oneLine } from '../text/snippet.ts';
import { tryCalculate } from './calculator.ts';
import { readNumber } from './numbers.ts';
import type { QuestionAnalysis } from './question.ts';

/** One numbered piece of evidence the model reads: an original passage or an H-RCL row of a table. */
export interface RecapEvidence {
  /** Where it is from ("Exchange rates, table 1, row"). */
  source: string;
  text: string;
}

/** Limits of the prompt: a 0.5B-class local model reads a few short passages well. */
export const RECAP = {
  /** Pieces of evidence shown. */
  evidence: 6,
  /** Characters per piece (cut at a word). */
  evidenceChars: 700,
  /** Tokens the model may write by default: five short steps. */
  maxNewTokens: 256,
} as const;

/** What the model writes when the passages do not support an answer. */
export const REFUSAL = 'NOT IN DOCUMENTS';

/** The RECAP prompt for `question` over `evidence`. */
export function recapPrompt(analysis: QuestionAnalysis, evidence: RecapEvidence[]): string {
  const numeric = analysis.numeric;
  const lines = [
    'Answer the question using only the numbered passages below. Do not use anything you know from elsewhere.',
    `If the passages do not contain the answer, write only the line "Present: ${REFUSAL}".`,
    'Otherwise write these five lines, each starting with its label:',
    'Restate: the question in your own words, and whether its answer is a number or a text.',
    'Extract: the facts or figures you need, each with its passage number in brackets.',
    numeric
      ? 'Compute: one formula over the extracted figures with + - * / ^ and parentheses (no thousands separators), or "none" if no arithmetic is needed.'
      : 'Compute: none (this question needs no arithmetic).',
    'Answer: the result of the formula, or the fact itself.',
    'Present: the final answer, short, with its unit.',
    '',
    `Question: ${oneLine(analysis.question)}`,
    '',
  ];
  evidence.slice(0, RECAP.evidence).forEach((e, i) => {
    lines.push(`[${i + 1}] ${oneLine(e.source)}`, cut(oneLine(e.text), RECAP.evidenceChars), '');
  });
  lines.push('Restate:');
  return lines.join('\n');
}

/** The reply read step by step. */
export interface RecapReply {
  restate?: string;
  extract?: string;
  /** The Compute step's formula, as written (without a trailing "= result"). */
  formula?: string;
  /** The model's own result: after "=" in the Compute line, else the number of the Answer line. */
  modelResult?: number;
  answer?: string;
  present?: string;
  /** The model said the passages do not support an answer. */
  refused: boolean;
  /** The formula checked by the calculator: its value, or why it was rejected. */
  check?: { value: number } | { error: string };
}

const STEP = /^\s*(?:\d+[.)]\s*)?(?:[-*]\s+)?(?:\*\*)?(restate|extract|compute|answer|present)\s*(?:\*\*)?\s*[:：-]\s*(.*)$/i;
const REFUSED = /\bnot in (?:the )?documents\b|\b(?:passages?|documents?) (?:do(?:es)? not|don't) (?:contain|say|mention|support|answer)|\bcannot be (?:answered|determined)\b|\bno (?:answer|information)\b/i;

/**
 * Reads a RECAP reply. The reply may open with "Restate:" or continue the prompt's open
 * "Restate:" line; steps may be numbered or bold. The Compute formula is checked with the
 * calculator here (`check`), so the caller can let it win over the model's arithmetic.
 */
export function parseRecap(reply: string): RecapReply {
  const steps: Record<string, string> = {};
  let current = 'restate';
  for (const raw of reply.split(/\r?\n/)) {
    const m = STEP.exec(raw);
    if (m) {
      current = m[1]!.toLowerCase();
      steps[current] = m[2]!.trim();
    } else if (raw.trim()) {
      steps[current] = steps[current] ? `${steps[current]} ${raw.trim()}` : raw.trim();
    }
  }
  const present = steps.present?.trim();
  const refused = (present !== undefined && REFUSED.test(present)) || (!present && REFUSED.test(reply) && !steps.answer);
  const out: RecapReply = { refused };
  if (steps.restate) out.restate = steps.restate;
  if (steps.extract) out.extract = steps.extract;
  if (steps.answer) out.answer = steps.answer;
  if (present) out.present = present;
  const compute = steps.compute?.trim();
  if (compute && !/^(?:none|n\/a|-|no arithmetic.*)\.?$/i.test(compute)) {
    const [formula, ...rest] = compute.split('=');
    const f = formula!.trim().replace(/\.$/, '');
    if (f) {
      out.formula = f;
      const result = rest.length ? firstNumber(rest.join('=')) : firstNumber(steps.answer ?? '');
      if (result !== undefined) out.modelResult = result;
      const checked = tryCalculate(f);
      out.check = 'value' in checked ? { value: checked.value } : { error: checked.error.message };
    }
  }
  return out;
}

function firstNumber(text: string): number | undefined {
  for (const m of text.matchAll(/[-−(]?\$?\d[\d,]*(?:\.\d+)?%?\)?/g)) {
    const n = readNumber(m[0]);
    if (n) return n.value;
  }
  return undefined;
}
