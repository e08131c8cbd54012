/**
 * Orama's English stemmer (`@orama/orama` 3.1.18, `components/tokenizer/english-stemmer.js`,
 * Apache-2.0, Copyright Orama / OramaSearch Inc.; a port of Martin Porter's 1980 algorithm),
 * carried here so that the start chunk need not hold Orama's tokenizer module: the package
 * exports this function only through `tokenizer.createTokenizer`, whose module brings Orama's
 * error-message table and language tables (about 4 kB gzip) to every page before its first
 * question. Its patterns are compiled once here instead of on every call.
 *
 * Why not wooorm's `stemmer` (a well-kept, correct Porter stemmer): the terms must stay the
 * ones Orama's stemmer wrote, which stored indexes and the prebuilt index keep. Orama's differs
 * from Porter's on step 4's `-sion` / `-tion`: its `fp[1] ?? '' + fp[2]` binds as
 * `fp[1] ?? ('' + fp[2])`, so the `s` / `t` is dropped ("detection" -> "detec", where Porter
 * writes "detect") or the word kept ("position"). Measured over the 140,216 distinct words of
 * the benchmark data and the sources: 804 differ, all there. That behaviour is kept on purpose;
 * `test/text/english-stemmer.test.ts` checks this port against Orama's own function.
 */

const STEP2: Record<string, string> = {
  ational: 'ate', tional: 'tion', enci: 'ence', anci: 'ance', izer: 'ize', bli: 'ble', alli: 'al',
  entli: 'ent', eli: 'e', ousli: 'ous', ization: 'ize', ation: 'ate', ator: 'ate', alism: 'al',
  iveness: 'ive', fulness: 'ful', ousness: 'ous', aliti: 'al', iviti: 'ive', biliti: 'ble', logi: 'log',
};
const STEP3: Record<string, string> = { icate: 'ic', ative: '', alize: 'al', iciti: 'ic', ical: 'ic', ful: '', ness: '' };

const c = '[^aeiou]'; // consonant
const v = '[aeiouy]'; // vowel
const C = c + '[^aeiouy]*'; // consonant sequence
const V = v + '[aeiou]*'; // vowel sequence
const MGR0 = new RegExp('^(' + C + ')?' + V + C); // [C]VC... is m>0
const MEQ1 = new RegExp('^(' + C + ')?' + V + C + '(' + V + ')?$'); // [C]VC[V] is m=1
const MGR1 = new RegExp('^(' + C + ')?' + V + C + V + C); // [C]VCVC... is m>1
const S_V = new RegExp('^(' + C + ')?' + v); // vowel in stem
const CVC = new RegExp('^' + C + v + '[^aeiouwxy]$');
const DOUBLE = /([^aeiouylsz])\1$/;
const SSES_IES = /^(.+?)(ss|i)es$/;
const S = /^(.+?)([^s])s$/;
const EED = /^(.+?)eed$/;
const ED_ING = /^(.+?)(ed|ing)$/;
const AT_BL_IZ = /(at|bl|iz)$/;
const Y = /^(.+?)y$/;
const STEP2_SUFFIX = /^(.+?)(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/;
const STEP3_SUFFIX = /^(.+?)(icate|ative|alize|iciti|ical|ful|ness)$/;
const STEP4_SUFFIX = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/;
const STEP4_ION = /^(.+?)(s|t)(ion)$/;
const E = /^(.+?)e$/;
const LL = /ll$/;

/** The stem of a lower-case English word, as Orama 3.1.18's English stemmer writes it. */
export function stemEnglish(word: string): string {
  let w = word;
  if (w.length < 3) return w;
  const firstch = w.substring(0, 1);
  // A leading "y" is a consonant: upper case keeps the vowel patterns off it.
  if (firstch === 'y') w = firstch.toUpperCase() + w.substring(1);

  if (SSES_IES.test(w)) w = w.replace(SSES_IES, '$1$2');
  else if (S.test(w)) w = w.replace(S, '$1$2');

  let fp = EED.exec(w);
  if (fp) {
    if (MGR0.test(fp[1]!)) w = w.slice(0, -1);
  } else if ((fp = ED_ING.exec(w))) {
    const stem = fp[1]!;
    if (S_V.test(stem)) {
      w = stem;
      if (AT_BL_IZ.test(w)) w += 'e';
      else if (DOUBLE.test(w)) w = w.slice(0, -1);
      else if (CVC.test(w)) w += 'e';
    }
  }

  if ((fp = Y.exec(w))) {
    const stem = fp[1]!;
    if (S_V.test(stem)) w = stem + 'i';
  }

  if ((fp = STEP2_SUFFIX.exec(w)) && MGR0.test(fp[1]!)) w = fp[1]! + STEP2[fp[2]!]!;
  if ((fp = STEP3_SUFFIX.exec(w)) && MGR0.test(fp[1]!)) w = fp[1]! + STEP3[fp[2]!]!;

  if ((fp = STEP4_SUFFIX.exec(w))) {
    if (MGR1.test(fp[1]!)) w = fp[1]!;
  } else if ((fp = STEP4_ION.exec(w))) {
    // Orama's `fp[1] ?? '' + fp[2]`: the stem without its s / t (see the module's comment).
    if (MGR1.test(fp[1]!)) w = fp[1]!;
  }

  if ((fp = E.exec(w))) {
    const stem = fp[1]!;
    if (MGR1.test(stem) || (MEQ1.test(stem) && !CVC.test(stem))) w = stem;
  }

  if (LL.test(w) && MGR1.test(w)) w = w.slice(0, -1);

  if (firstch === 'y') w = firstch.toLowerCase() + w.substring(1);
  return w;
}
