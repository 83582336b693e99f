/**
 * Guesses a resume's language: Chinese by its script, the others from stop-word counts. Resumes
 * are terse, so the counts are small; below a clear margin the answer is 'other' and the review
 * keeps to checks that do not depend on the language.
 */
export type ResumeLanguage = 'en' | 'de' | 'fr' | 'es' | 'pt' | 'it' | 'nl' | 'zh' | 'other';

export const LANGUAGE_NAMES: Record<ResumeLanguage, string> = {
  en: 'English', de: 'German', fr: 'French', es: 'Spanish', pt: 'Portuguese', it: 'Italian', nl: 'Dutch', zh: 'Chinese', other: 'another language',
};

const STOP_WORDS: Record<Exclude<ResumeLanguage, 'zh' | 'other'>, readonly string[]> = {
  en: ['the', 'and', 'of', 'to', 'in', 'for', 'with', 'on', 'a', 'an', 'by', 'from', 'as', 'at', 'using', 'which', 'that', 'is', 'are', 'was', 'were', 'this'],
  de: ['und', 'der', 'die', 'das', 'von', 'mit', 'für', 'im', 'in', 'zur', 'zum', 'des', 'den', 'dem', 'eines', 'einer', 'ein', 'eine', 'bei', 'auf', 'sehr', 'gute', 'nach'],
  fr: ['et', 'le', 'la', 'les', 'de', 'des', 'du', 'un', 'une', 'pour', 'avec', 'dans', 'sur', 'en', 'au', 'aux', 'je', 'mon', 'ma', 'mes', 'par', 'à', 'est'],
  es: ['y', 'el', 'la', 'los', 'las', 'de', 'del', 'en', 'con', 'para', 'por', 'un', 'una', 'que', 'como', 'al', 'mi', 'es'],
  pt: ['e', 'o', 'a', 'os', 'as', 'de', 'do', 'da', 'dos', 'das', 'em', 'no', 'na', 'com', 'para', 'por', 'um', 'uma', 'que', 'meu', 'minha'],
  it: ['e', 'il', 'lo', 'la', 'i', 'gli', 'le', 'di', 'del', 'della', 'dei', 'in', 'con', 'per', 'un', 'una', 'che', 'nel', 'nella', 'sono', 'mio'],
  nl: ['en', 'de', 'het', 'een', 'van', 'in', 'met', 'voor', 'op', 'bij', 'aan', 'als', 'naar', 'ik', 'mijn', 'zijn', 'door', 'te'],
};

/**
 * Common words of languages the review does not read but that are written in plain Latin letters
 * and share short words with one it does (Indonesian and Malay "di" is Italian's): where they
 * lead, the text is in another language.
 */
const UNREAD_STOP_WORDS: readonly string[] = [
  'dan', 'di', 'yang', 'untuk', 'dengan', 'dari', 'ke', 'pada', 'dalam', 'ini', 'itu', 'sebagai', 'atau', 'tidak', 'akan', 'oleh', 'saya', 'serta', 'juga', 'bagi',
];

const LOOKUP = [
  ...Object.entries(STOP_WORDS).map(([language, words]) => [language as ResumeLanguage, new Set(words)] as const),
  ['other' as ResumeLanguage, new Set(UNREAD_STOP_WORDS)] as const,
];

/** Chinese characters; kana besides them would make the text Japanese, which the reader does not know. */
export const HAN = /\p{Script=Han}/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** Letters of the Latin alphabet as the seven languages read by stop words write it, accents included. */
const KNOWN_LATIN = /[a-zàáâãäåçèéêëìíîïñòóôõöùúûüýÿœæß]/giu;

export function detectLanguage(text: string): ResumeLanguage {
  // Chinese resumes mix in English names, tools and addresses: the script decides when at least
  // a third of the letters are Chinese characters.
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const han = text.match(HAN)?.length ?? 0;
  if (han >= 20 && han >= letters / 3) return (text.match(KANA)?.length ?? 0) > han / 10 ? 'other' : 'zh';
  // Another language written in Latin letters (Vietnamese, Polish, Turkish, Czech…) shares short
  // words with the seven by chance: its own letters (ơ, ư, ạ, ł, ą, ş, ı, ř, ș…), a fiftieth of the
  // Latin ones or more, say it is none of them (a colleague's name among thousands does not).
  // Other scripts are left to the stop words: a font with a broken character map turns some of an
  // English resume's letters into stray Sinhala or Cyrillic.
  // A word mostly of such letters is a font's broken map (small capitals or digits drawn as stray
  // letters, "BōŏŔŕŘŘőŞ"), not a language: real words hold them among plain ones ("Wrocław", "người").
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  const foreign = (text.match(/\p{Script=Latin}+/gu) ?? []).reduce((n, word) => {
    const other = word.length - (word.match(KNOWN_LATIN)?.length ?? 0);
    return other * 2 <= word.length ? n + other : n;
  }, 0);
  if (foreign >= 0.02 * latin) return 'other';
  const [first, second] = stopWordScores(text);
  // At least a handful of hits, and clearly ahead of the runner-up (Romance languages share many).
  if (first[1] < 5 || first[1] < 1.3 * second[1]) return 'other';
  return first[0];
}

/**
 * The language one line is written in, when its stop words say so plainly (three or more, more
 * than any other language's): a title or a quotation in another language inside a resume.
 */
export function lineLanguage(text: string): ResumeLanguage | null {
  const [first, second] = stopWordScores(text);
  return first[1] >= 3 && first[1] > second[1] ? first[0] : null;
}

/** Each language's stop-word count in the text, highest first. */
function stopWordScores(text: string): Array<readonly [ResumeLanguage, number]> {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return LOOKUP.map(([language, set]) => [language, words.filter((w) => set.has(w)).length] as const).sort((a, b) => b[1] - a[1]);
}

/**
 * Names of spoken languages as a resume writes them in the languages the review reads ("German",
 * "Deutsch", "allemand", "Alemán"…): every two-letter ISO 639-1 code named by the runtime's own
 * locale data, lower-case without accents. Built from the codes, not listed by hand, so no
 * language is left out for not having been seen.
 */
const SPOKEN_LANGUAGE_NAMES: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const locale of ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl']) {
    const display = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    for (const a of letters) {
      for (const b of letters) {
        // Any two letters are a well-formed code: one no language has comes back undefined.
        const name = display.of(a + b);
        // One-word names only: a resume writes "Mandarin" or "Chinese", not a qualified name.
        if (name && !/\s/.test(name)) names.add(plainWord(name));
      }
    }
  }
  return names;
})();

/** A word's letters without their accents, lower case ("Início" → "inicio"). */
export function plainWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The text opens with the name of a spoken language ("Korean (fluent)", "Français – langue maternelle"). */
export function startsWithSpokenLanguage(text: string): boolean {
  const first = /^\p{L}+/u.exec(text.trim())?.[0];
  return !!first && SPOKEN_LANGUAGE_NAMES.has(plainWord(first));
}
