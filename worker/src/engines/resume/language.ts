/**
 * Guesses a resume's language from stop-word counts. Resumes are terse, so the counts are small;
 * below a clear margin the answer is 'other' and the review keeps to checks that do not depend on
 * the language.
 */
export type ResumeLanguage = 'en' | 'de' | 'fr' | 'es' | 'pt' | 'it' | 'nl' | 'other';

export const LANGUAGE_NAMES: Record<ResumeLanguage, string> = {
  en: 'English', de: 'German', fr: 'French', es: 'Spanish', pt: 'Portuguese', it: 'Italian', nl: 'Dutch', other: 'another language',
};

const STOP_WORDS: Record<Exclude<ResumeLanguage, 'other'>, readonly string[]> = {
  en: ['the', 'and', 'of', 'to', 'in', 'for', 'with', 'on', 'a', 'an', 'by', 'from', 'as', 'at', 'using', 'which', 'that', 'is', 'are', 'was', 'were', 'this'],
  de: ['und', 'der', 'die', 'das', 'von', 'mit', 'für', 'im', 'in', 'zur', 'zum', 'des', 'den', 'dem', 'eines', 'einer', 'ein', 'eine', 'bei', 'auf', 'sehr', 'gute', 'nach'],
  fr: ['et', 'le', 'la', 'les', 'de', 'des', 'du', 'un', 'une', 'pour', 'avec', 'dans', 'sur', 'en', 'au', 'aux', 'je', 'mon', 'ma', 'mes', 'par', 'à', 'est'],
  es: ['y', 'el', 'la', 'los', 'las', 'de', 'del', 'en', 'con', 'para', 'por', 'un', 'una', 'que', 'como', 'al', 'mi', 'es'],
  pt: ['e', 'o', 'a', 'os', 'as', 'de', 'do', 'da', 'dos', 'das', 'em', 'no', 'na', 'com', 'para', 'por', 'um', 'uma', 'que', 'meu', 'minha'],
  it: ['e', 'il', 'lo', 'la', 'i', 'gli', 'le', 'di', 'del', 'della', 'dei', 'in', 'con', 'per', 'un', 'una', 'che', 'nel', 'nella', 'sono', 'mio'],
  nl: ['en', 'de', 'het', 'een', 'van', 'in', 'met', 'voor', 'op', 'bij', 'aan', 'als', 'naar', 'ik', 'mijn', 'zijn', 'door', 'te'],
};

const LOOKUP = Object.entries(STOP_WORDS).map(([language, words]) => [language as ResumeLanguage, new Set(words)] as const);

export function detectLanguage(text: string): ResumeLanguage {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const scores = LOOKUP.map(([language, set]) => [language, words.filter((w) => set.has(w)).length] as const).sort((a, b) => b[1] - a[1]);
  const [first, second] = scores;
  // At least a handful of hits, and clearly ahead of the runner-up (Romance languages share many).
  if (first[1] < 5 || first[1] < 1.3 * second[1]) return 'other';
  return first[0];
}
