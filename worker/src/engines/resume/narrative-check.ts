/**
 * Checks a text model's review against what the parser read and drops the sentences it
 * contradicts: "no LinkedIn" when a LinkedIn profile was found, "add a Skills section" when there
 * is one, "missing dates" when every role is dated, and so on. A wrong claim costs more than a
 * missed one, so a contradicted sentence goes, and the reader is told how many went.
 */
import type { ResumeAnalysis } from './analysis.js';
import type { SectionKey } from './layout.js';

interface Rule { claim: RegExp; contradicted: (a: ResumeAnalysis) => boolean }

const NEGATION = String.raw`(?:no|missing|lacks?|lacking|without|absent|add(?:ing)?|include|includ(?:ing)|consider adding|there is no|does not (?:have|include)|doesn't (?:have|include))`;
const near = (subject: string) => new RegExp(`\\b${NEGATION}\\b[^.;:]{0,40}\\b(?:${subject})`, 'i');

const SECTION_WORDS: Record<string, SectionKey> = {
  'skills?': 'skills', 'summary|profile|objective': 'summary', 'projects?': 'projects', 'education': 'education',
  '(?:work )?experience|employment history|work history': 'experience', 'certifications?': 'certifications',
};

const RULES: Rule[] = [
  { claim: near('linkedin'), contradicted: (a) => Boolean(a.contact.linkedin) },
  { claim: near('github'), contradicted: (a) => Boolean(a.contact.github) },
  { claim: near('e-?mail'), contradicted: (a) => Boolean(a.contact.email) },
  { claim: near('phone|telephone|mobile'), contradicted: (a) => Boolean(a.contact.phone) },
  { claim: near('portfolio|website|personal site'), contradicted: (a) => Boolean(a.contact.website || a.contact.github) },
  ...Object.entries(SECTION_WORDS).map(([words, key]): Rule => ({
    claim: new RegExp(`\\b${NEGATION}\\b[^.;:]{0,30}\\b(?:${words})\\b[^.;:]{0,12}\\bsection`, 'i'),
    contradicted: (a) => a.sectionsFound.includes(key),
  })),
  { claim: /\b(?:no|missing|lacks?|without|add)\b[^.;:]{0,30}\bdates?\b/i, contradicted: (a) => a.dates.ranges.length > 0 && a.dates.undated.length === 0 },
  { claim: /\b(?:employment|career|work)?\s*gaps?\b/i, contradicted: (a) => a.dates.ranges.length > 0 && a.dates.gaps.length === 0 },
  { claim: /\b(?:first[- ]person|pronouns?)\b/i, contradicted: (a) => a.language !== 'en' || Object.keys(a.pronouns).length === 0 },
  { claim: /\b(?:cut|trim|shorten|reduce|condense)\b[^.;:]{0,30}\b(?:one|two|1|2)[- ]pages?\b/i, contradicted: (a) => a.academic || a.pageCount <= 2 },
  { claim: /\b(?:two|multi|multiple)[- ]columns?\b/i, contradicted: (a) => !a.ats.some((r) => r.id === 'multi-column') },
  { claim: /\btables?\b/i, contradicted: (a) => !a.ats.some((r) => r.id === 'table') },
  { claim: /\b(?:photo|headshot|picture)\b/i, contradicted: (a) => !a.ats.some((r) => r.id === 'images' || r.id === 'image-only') },
];

export interface CheckedNarrative { text: string; dropped: string[] }

/** Drops each sentence (or list item) of `narrative` that a parser finding contradicts. */
export function checkNarrative(narrative: string, a: ResumeAnalysis): CheckedNarrative {
  const dropped: string[] = [];
  const lines = narrative.split('\n').flatMap((line) => {
    if (/^\s*#/.test(line) || line.trim() === '') return [line];
    const marker = /^\s*(?:[-*+]|\d+[.)])\s+/.exec(line)?.[0] ?? '';
    const sentences = line.slice(marker.length).split(/(?<=[.!?])\s+(?=[A-Z“"*])/);
    const kept = sentences.filter((sentence) => {
      const wrong = RULES.some((rule) => rule.claim.test(sentence) && rule.contradicted(a));
      if (wrong) dropped.push(sentence.trim());
      return !wrong;
    });
    return kept.length ? [`${marker}${kept.join(' ')}`] : [];
  });
  return { text: lines.join('\n').replace(/\n{3,}/g, '\n\n'), dropped };
}
