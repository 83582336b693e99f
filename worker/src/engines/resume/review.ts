/**
 * Turns the analysis into the review markdown the tool shows: content analysis, formatting and
 * structure, ATS compatibility, improvement recommendations and professional tips. With a text
 * model, the model writes those sections from the resume text and these facts; the score, the
 * breakdown and the checks always come from the analysis.
 */
import { LENGTH, type AtsRisk, type ResumeAnalysis } from './analysis.js';
import { LANGUAGE_NAMES, type ResumeLanguage } from './language.js';
import type { ResumeLayout, SectionKey } from './layout.js';
import { checkNarrative } from './narrative-check.js';
import { SUMMARY_WORDS } from './resume-structure.js';

/** The usual heading of each expected section in the resume's language: what an ATS files it under. */
const STANDARD_HEADINGS: Record<Exclude<ResumeLanguage, 'other'>, Record<'summary' | 'experience' | 'education' | 'skills', string>> = {
  en: { summary: 'Summary', experience: 'Experience', education: 'Education', skills: 'Skills' },
  de: { summary: 'Profil', experience: 'Berufserfahrung', education: 'Ausbildung', skills: 'Kenntnisse' },
  fr: { summary: 'Profil', experience: 'Expérience professionnelle', education: 'Formation', skills: 'Compétences' },
  es: { summary: 'Perfil', experience: 'Experiencia', education: 'Formación', skills: 'Habilidades' },
  pt: { summary: 'Perfil', experience: 'Experiência', education: 'Formação', skills: 'Habilidades' },
  it: { summary: 'Profilo', experience: 'Esperienza', education: 'Istruzione', skills: 'Competenze' },
  nl: { summary: 'Profiel', experience: 'Werkervaring', education: 'Opleiding', skills: 'Vaardigheden' },
  zh: { summary: '个人简介', experience: '工作经历', education: '教育背景', skills: '专业技能' },
};

function standardHeading(a: ResumeAnalysis, key: SectionKey): string {
  const names = STANDARD_HEADINGS[a.language === 'other' ? 'en' : a.language] as Partial<Record<SectionKey, string>>;
  return names[key] ?? key;
}

export function scoreLabel(total: number): string {
  if (total >= 85) return 'Strong';
  if (total >= 70) return 'Good';
  if (total >= 50) return 'Needs work';
  return 'Weak';
}

function scoreBlock(a: ResumeAnalysis): string[] {
  return [
    `**Overall score: ${a.score.total}/100 — ${scoreLabel(a.score.total)}**`,
    '',
    ...(a.score.cap ? [`_${capitalise(a.score.cap)}_`, ''] : []),
    '| Area | Score | Notes |',
    '|---|---|---|',
    ...a.score.parts.map((p) => `| ${p.label} | ${p.unscored ? '—' : `${p.score}/${p.max}`} | ${p.notes.length ? escapeCell(p.notes.join('; ')) : 'No issues found'} |`),
  ];
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function quote(text: string): string {
  return `“${text.length > 110 ? `${text.slice(0, 107)}…` : text}”`;
}

function contentAnalysis(a: ResumeAnalysis): string[] {
  const out: string[] = [];
  const c = a.contact;
  const found = [c.email && `e-mail (${c.email})`, c.phone && `phone (${c.phone})`, c.linkedin && `LinkedIn (${c.linkedin})`,
    c.github && `GitHub (${c.github})`, c.xing && `XING (${c.xing})`, c.website && `website (${c.website})`].filter(Boolean);
  if (a.placeholders.length) out.push(`- **Placeholder text:** ${a.placeholders.slice(0, 3).map(quote).join(', ')} ${a.placeholders.length > 1 ? 'are' : 'is'} template text that was never filled in; a recruiter sees at once that the resume is unfinished.`);
  out.push(`- **Contact details:** ${found.length ? `found ${found.join(', ')}` : 'none found'}.${a.score.parts[0].notes.length ? ` Missing: ${a.score.parts[0].notes.join(', ')}.` : ''}`);
  if (c.linkedinNotProfile && !c.linkedin) {
    out.push(`- **LinkedIn link:** ${quote(c.linkedinNotProfile)} is LinkedIn's news feed or another page, not your profile — anyone who clicks it sees their own feed.`);
  }
  if (a.parsed.implicitSummary && a.parsed.implicitSummary.split(/\s+/).length < SUMMARY_WORDS) {
    out.push(`- **Summary:** the line at the top (${quote(a.parsed.implicitSummary)}) serves as a short summary; two or three lines saying what role you want and your strongest proof give recruiters and keyword matching more to go on.`);
  } else if (a.parsed.implicitSummary) out.push(`- **Summary:** the paragraph at the top (${quote(a.parsed.implicitSummary)}) serves as a summary.`);
  else if (a.sectionsFound.includes('summary')) out.push('- **Summary:** present.');
  else if (a.missingSections.includes('summary')) out.push('- **Summary:** none — a two- or three-line summary at the top saying what role you want and your strongest proof helps recruiters and keyword matching.');
  else if (a.unsureSections.includes('summary')) out.push(`- **Summary:** none under a heading we know — a two- or three-line summary at the top, headed “${standardHeading(a, 'summary')}”, saying what role you want and your strongest proof helps recruiters and keyword matching.`);
  const b = a.bullets;
  if (b.count === 0) {
    if (a.parsed.roles.length) out.push('- **Achievements:** no achievement bullets were found under your entries.');
  } else {
    if (b.wordingChecked) {
      out.push(`- **Action verbs:** ${b.withActionVerb} of ${b.count} bullets (${pct(b.withActionVerb, b.count)}) open with a strong verb.${b.weakOpenings.length ? ` Duty-style wording such as ${b.weakOpenings.slice(0, 2).map(quote).join(' and ')} describes tasks, not results.` : ''}`);
    }
    out.push(`- **Quantified results:** ${b.quantified} of ${b.count} bullets (${pct(b.quantified, b.count)}) include a number.${b.unquantifiedExamples.length && b.quantified / b.count < 0.5 ? ` For example, ${quote(b.unquantifiedExamples[0])} would be stronger with a figure (how many, how much, how fast).` : ''}`);
    if (b.tooLong) out.push(`- **Bullet length:** ${b.tooLong} bullet${b.tooLong > 1 ? 's run' : ' runs'} over 35 words; keep each to one or two lines.`);
  }
  if (b.wordingChecked) {
    const pronounTotal = Object.values(a.pronouns).reduce((n, x) => n + x, 0);
    out.push(pronounTotal
      ? `- **First-person language:** ${Object.entries(a.pronouns).map(([w, n]) => `“${w}” ×${n}`).join(', ')}, as in ${a.pronounLines.slice(0, 2).map(quote).join(' and ')}. Resumes are written without pronouns: “Built …”, not “I have built …”.`
      : '- **First-person language:** none.');
    if (a.cliches.length) out.push(`- **Clichés:** ${a.cliches.map((x) => `“${x}”`).join(', ')}. Replace each with evidence that shows the quality.`);
  }
  return out;
}

function formatting(a: ResumeAnalysis): string[] {
  const out: string[] = [];
  const headings = a.parsed.sections.map((s) => `“${s.heading}”`);
  out.push(`- **Sections found:** ${headings.length ? headings.join(', ') : 'no headings recognised'}.${a.missingSections.filter((k) => k !== 'summary').length ? ` Missing: ${a.missingSections.filter((k) => k !== 'summary').join(', ')}.` : ''}`
    + (a.unrecognisedHeadings.length ? ` Not a standard section name: ${a.unrecognisedHeadings.map(quote).join(', ')} (an ATS files sections by their headings).` : '')
    + (!a.unrecognisedHeadings.length && a.unsureSections.filter((k) => k !== 'summary').length ? ` Not read in the picture: ${a.unsureSections.filter((k) => k !== 'summary').join(', ')}.` : ''));
  const guide = `(the guide: ${a.academic ? 'any number of pages for an academic CV' : 'one or two pages'}, at least ${LENGTH.thinWords} words in all and at most ${LENGTH.maxWordsOnPage} on a page)`;
  const lengthNote = a.score.parts[3].notes.length ? ` ${capitalise(a.score.parts[3].notes.join('; '))} ${guide}.` : a.academic && a.pageCount > 2 ? ` Longer CVs are normal in academia ${guide}.` : ` Within the guide ${guide}.`;
  out.push(`- **Length:** ${a.pageCount} page${a.pageCount > 1 ? 's' : ''}, ${a.wordCount} words.${lengthNote}`);
  const d = a.dates;
  const experienceRoles = a.parsed.roles.filter((r) => r.section === 'experience');
  if (experienceRoles.length && d.ranges.length === 0) {
    out.push(`- **Dates:** no dates were found on your experience entries, such as ${quote(experienceRoles[0].heading.join(' — '))}; add start and end (month and year) to each.`);
  } else if (d.ranges.length) {
    out.push(`- **Dates:** ${d.ranges.length} dated entr${d.ranges.length > 1 ? 'ies' : 'y'} (${d.ranges.slice(0, 3).map((r) => r.text).join('; ')}${d.ranges.length > 3 ? '; …' : ''}); ${d.inconsistentFormats ? `formats are mixed (${d.formats.join(', ')}) — pick one, such as “Jan 2021 – Mar 2023”.` : 'one consistent style.'}`);
    out.push(d.gaps.length
      ? `- **Employment gaps:** ${d.gaps.map((g) => `${g.months} months between ${g.from} and ${g.to}`).join('; ')}. A one-line note (study, caregiving, freelance work) answers the question before it is asked.`
      : `- **Employment gaps:** none longer than six months${d.breaksWhileStudying ? ' (breaks that fall while you were studying are not counted)' : ''}.`);
    if (d.invalid.length) out.push(`- **Date errors:** ${d.invalid.join('; ')}.`);
    if (d.undated.length) out.push(`- **Undated entries:** ${d.undated.map(quote).join(', ')} ${d.undated.length > 1 ? 'have' : 'has'} no dates while the entries around ${d.undated.length > 1 ? 'them' : 'it'} do.`);
  }
  if (a.bullets.noBulletMarkers) out.push('- **Bullets:** experience is written as paragraphs; bullet points are faster to scan.');
  return out;
}

function atsSection(a: ResumeAnalysis): string[] {
  const out = a.ats.map((r) => `- **${r.severity === 'high' ? 'High' : r.severity === 'medium' ? 'Medium' : 'Low'} risk:** ${r.detail}`);
  if (a.contact.linksWithoutText.length) {
    out.push(`- **Links on pictures only:** ${a.contact.linksWithoutText.map(quote).join(', ')} ${a.contact.linksWithoutText.length > 1 ? 'are' : 'is'} attached to an image or icon with no text; an ATS reading the text will not see ${a.contact.linksWithoutText.length > 1 ? 'them' : 'it'}.`);
  }
  return out.length ? out : ['- No ATS risks found: single column, no tables or images, readable fonts and contact details in the body.'];
}

/** Recommendations in priority order, each tied to a finding and quoting the line it is about. */
export function recommendations(a: ResumeAnalysis): string[] {
  const recs: string[] = [];
  const b = a.bullets;
  const c = a.contact;
  const headingList = a.parsed.sections.map((s) => `“${s.heading}”`).join(', ');
  const risk = (id: AtsRisk['id']) => a.ats.find((r) => r.id === id);
  if (a.placeholders.length) recs.push(`Replace the template's placeholder text with your own before sending: ${a.placeholders.slice(0, 2).map(quote).join(' and ')}.`);
  if (risk('image-only')) recs.push('Export the resume from your editor as a text PDF (File → Save as PDF), so every ATS can read it; this review had to read a picture.');
  if (risk('multi-column')) recs.push(`Rebuild the layout as a single column so ATS read your experience in order.${/For example (.*) sit side by side/.exec(risk('multi-column')!.detail)?.[1] ? ` Read straight across, ${/For example (.*) sit side by side/.exec(risk('multi-column')!.detail)![1]} end up on one line.` : ''}`);
  if (a.missingSections.includes('experience')) {
    recs.push(`Add an Experience section (internships, part-time work, volunteering or substantial projects count): your headings are ${headingList}.`);
  }
  if (b.count > 0 && b.quantified / b.count < 0.5 && b.unquantifiedExamples.length) {
    recs.push(`Add numbers to more bullets (now ${b.quantified} of ${b.count}): for ${quote(b.unquantifiedExamples[0])}, say how many, how much or how fast.`);
  }
  if (b.wordingChecked && b.weakOpenings.length) {
    recs.push(`Replace duty wording with what you achieved: ${b.weakOpenings.slice(0, 2).map(quote).join(' and ')} — e.g. “Built …, cutting … by …” instead of “Worked on …” or “Involved in …”.`);
  }
  if (!c.email || !c.phone) recs.push(`Put your ${[!c.email && 'e-mail address', !c.phone && 'phone number'].filter(Boolean).join(' and ')} under your name${c.name ? ` (“${c.name}”)` : ''}: none was found in the text or the links.`);
  if (c.linkedinNotProfile && !c.linkedin) recs.push(`Replace ${quote(c.linkedinNotProfile)} with your LinkedIn profile address (linkedin.com/in/your-name): the link now opens the reader's own feed.`);
  else if (!c.linkedin && !c.xing && a.language !== 'other') recs.push(`Add your LinkedIn profile address next to your other contact details${c.email ? ` (${c.email})` : ''}.`);
  if (a.missingSections.includes('skills')) {
    recs.push(`Add a Skills section listing the tools and methods you use: ATS match keywords there, and today they appear only inside other sections (your headings are ${headingList}).`);
  }
  if (a.missingSections.includes('education')) recs.push(`Add an Education section (degree, school, dates): your headings are ${headingList}.`);
  const unsure = a.unsureSections.filter((k) => k !== 'summary');
  if (unsure.length && !a.unrecognisedHeadings.length) {
    recs.push(`Check that your resume has ${unsure.map((k) => `a section headed “${standardHeading(a, k)}”`).join(' and ')}: none was read in the picture, and OCR may misread a heading.`);
  } else if (unsure.length) {
    recs.push(`Use standard section headings so ATS file your sections: no heading we know names your ${unsure.join(', ')}. If ${a.unrecognisedHeadings.map(quote).join(' or ')} hold${a.unrecognisedHeadings.length > 1 ? '' : 's'} ${unsure.length > 1 ? 'them' : 'it'}, call ${unsure.length > 1 ? 'them' : 'it'} ${unsure.map((k) => `“${standardHeading(a, k)}”`).join(', ')}; if not, add ${unsure.length > 1 ? 'them' : 'it'}.`);
  }
  if (a.missingSections.includes('summary') && a.parsed.sections[0]) recs.push(`Consider a two- or three-line summary above ${quote(a.parsed.sections[0].heading)}: the role you want and your strongest result.`);
  if (Object.keys(a.pronouns).length) recs.push(`Remove first-person pronouns: ${a.pronounLines.slice(0, 2).map(quote).join(' and ')}.`);
  if (a.cliches.length) recs.push(`Replace clichés (${a.cliches.slice(0, 3).join(', ')}) with concrete evidence.`);
  if (a.dates.inconsistentFormats) recs.push(`Use one date format throughout: ${a.dates.ranges.slice(0, 2).map((r) => quote(r.text)).join(' and ')} are written differently.`);
  if (a.dates.gaps.length) recs.push(`Explain the ${a.dates.gaps[0].months}-month gap between ${a.dates.gaps[0].from} and ${a.dates.gaps[0].to} in a short line.`);
  if (a.dates.invalid.length) recs.push(`Fix the dates: ${a.dates.invalid.join('; ')}.`);
  if (a.dates.undated.length) recs.push(`Add dates to ${a.dates.undated.slice(0, 2).map(quote).join(' and ')}.`);
  for (const r of a.ats.filter((x) => x.id !== 'multi-column' && x.id !== 'image-only')) {
    if (r.id === 'column-block') recs.push(`Set the side-by-side block on page ${/page ([\d, ]+) sets/.exec(r.detail)?.[1] ?? ''} as one column: one item after another under its heading.`);
    if (r.id === 'table') recs.push(`Replace the table starting ${/starting with (“.*?”)/.exec(r.detail)?.[1] ?? ''} with plain lines of text (one entry a line).`);
    if (r.id === 'images') recs.push(a.language === 'de' ? 'A photo is customary in German-speaking countries; just make sure nothing important exists only inside an image.' : 'Make sure nothing important exists only inside an image (photo, logo, chart): ATS ignore images.');
    if (r.id === 'symbol-fonts') recs.push(`Optional: replace icon glyphs with words (“Phone:”, “E-mail:”), as in ${/e\.g\. (“.*?”)/.exec(r.detail)?.[1] ?? 'your contact line'}.`);
    if (r.id === 'unusual-fonts') recs.push('Switch the unreadable text to a standard font such as Calibri, Arial or Georgia.');
    if (r.id === 'display-font' && r.severity !== 'low') recs.push(`Set ${/e\.g\. (“.*?”)/.exec(r.detail)?.[1] ?? 'that text'} and the rest of your text in a plain face such as Calibri, Arial, Georgia or Garamond; ${r.detail.split(' is a decorative')[0]} is for your name at most.`);
    if (r.id === 'header-footer-text') recs.push('Move your contact details out of the page header/footer into the body, under your name.');
    if (r.id === 'small-text') recs.push('Use at least 9–10 pt for body text.');
    if (r.id === 'hidden-text' && r.severity === 'high') recs.push(`Remove the text no reader can see on page ${/^Page (\d+)/.exec(r.detail)?.[1] ?? ''}: write what you want read where it can be read.`);
  }
  if (a.contact.linksWithoutText.length) recs.push(`Write out ${a.contact.linksWithoutText.slice(0, 3).map(quote).join(', ')} as text: today ${a.contact.linksWithoutText.length > 1 ? 'they exist' : 'it exists'} only as a link on a picture.`);
  if (a.wordCount < LENGTH.thinWords) recs.push(`Add substance: ${a.wordCount} words is thin. Aim for roughly 350–${LENGTH.maxWordsOnPage} words on a page, with 3–6 achievement bullets per recent role or project.`);
  const densest = Math.max(0, ...a.wordsOnPage);
  if (densest > LENGTH.maxWordsOnPage) recs.push(`Give the text room: page ${a.wordsOnPage.indexOf(densest) + 1} holds ${densest} words; trim older roles and long bullets so each page stays under about ${LENGTH.maxWordsOnPage}.`);
  if (a.pageCount > LENGTH.maxPages && !a.academic) {
    const oldest = a.parsed.roles.filter((r) => r.section === 'experience').at(-1);
    recs.push(`${a.pageCount} pages is long for a non-academic resume: shorten older entries${oldest ? ` such as ${quote(oldest.heading.join(' — '))}` : ''} to a line or two.`);
  }
  return recs;
}

/** Tips only where this resume gives a reason for them. */
function tips(a: ResumeAnalysis): string[] {
  const out: string[] = [];
  const labelled = a.parsed.bullets.filter((b) => /^[\p{L}][\p{L}\p{N} &/+.–-]{0,40}:\s/u.test(b.text));
  if (a.bullets.wordingChecked && labelled.length >= 3) {
    out.push(`Many bullets open with a topic label (${labelled.slice(0, 2).map((b) => quote(b.text.split(':')[0] + ':')).join(', ')}): lead with what you did and what changed, then name the project.`);
  }
  const student = a.student;
  if (student && !a.sectionsFound.includes('projects')) out.push('While studying, a Projects section with links shows skills that job titles do not yet show.');
  if (student && a.sectionsFound.includes('projects')) out.push('While studying, your projects carry the most weight: give each one a line on what you built, with what, and the result.');
  const thinRoles = a.parsed.roles.filter((r) => r.section === 'experience' && r.bullets.length === 0 && r.description.length === 0 && r.dates);
  if (thinRoles.length && a.parsed.roles.some((r) => r.bullets.length > 0)) out.push(`${quote(thinRoles[0].heading.join(' — '))} has no bullet or description: one line on what you achieved there keeps the entry from looking empty.`);
  if (a.language !== 'en' && a.language !== 'other') out.push(`If you also apply in English, prepare a separate English version rather than mixing languages.`);
  return out.length ? out.map((t) => `- ${t}`) : ['- Nothing further beyond the recommendations above.'];
}

function notices(a: ResumeAnalysis): string[] {
  return a.notices.length ? [...a.notices.map((n) => `> ${n}`), ''] : [];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pct(part: number, whole: number): string {
  return `${Math.round((100 * part) / Math.max(1, whole))}%`;
}

const OFFLINE_NOTE = '_Written by Craftwell’s rule-based resume analyser: every finding below comes from checks on your PDF’s text and layout, not from an AI model._';

/** The full offline review; `extra` sections (the job description match) go before "What We Read". */
export function renderReview(a: ResumeAnalysis, extra: string[] = []): string {
  return [
    '# Resume Review', '', OFFLINE_NOTE, '', ...notices(a),
    ...scoreBlock(a), '',
    '## Content Analysis', '', ...contentAnalysis(a), '',
    '## Formatting and Structure', '', ...formatting(a), '',
    '## ATS Compatibility', '', ...atsSection(a), '',
    '## Improvement Recommendations', '', ...recommendations(a).map((r, i) => `${i + 1}. ${r}`), '',
    '## Professional Tips', '', ...tips(a), '',
    ...extra,
    ...whatWeReadSection(a),
  ].join('\n');
}

export const NARRATIVE_SYSTEM_PROMPT = [
  'You are an experienced recruiter and resume coach.',
  'Write a resume review in Markdown with exactly these sections, each as a "## " heading:',
  'Content Analysis, Formatting and Structure, ATS Compatibility, Improvement Recommendations (a numbered list, most important first), Professional Tips.',
  'Base every statement on the resume text, the parsed structure and the rule findings you are given; quote the line each piece of advice is about and say what to change.',
  'Never say something is missing when the parsed structure lists it (links may exist only as PDF link annotations, which the text does not show).',
  'Do not invent a score and do not contradict the facts. Do not add a title or a preface.',
].join(' ');

/** About 2,000 tokens: with the facts and a 1,200-token answer it fits a 4,096-token local context. */
const MAX_RESUME_CHARS = 6_000;

/** The user message for the model: the parsed structure, the rule findings and the resume text in reading order. */
export function narrativePrompt(layout: ResumeLayout, a: ResumeAnalysis): string {
  const text = layout.lines.map((l) => l.text).join('\n').slice(0, MAX_RESUME_CHARS);
  const facts = [
    `Score (fixed): ${a.score.total}/100; ${a.score.parts.map((p) => `${p.label} ${p.unscored ? 'not scored' : `${p.score}/${p.max}`}${p.notes.length ? ` (${p.notes.join('; ')})` : ''}`).join('; ')}`,
    `Language: ${LANGUAGE_NAMES[a.language]}; pages: ${a.pageCount}; words: ${a.wordCount}${a.academic ? '; an academic CV (length is normal)' : ''}`,
    // Hidden text may be written to steer software: the model is told it was there, never what it says.
    `ATS risks: ${a.ats.map((r) => (r.id === 'hidden-text' ? `Page text no reader can see was found (${r.severity === 'high' ? 'a passage' : 'a few words'}) and left out.` : r.detail)).join(' ') || 'none'}`,
    ...(a.placeholders.length ? [`Template placeholder text left in: ${a.placeholders.map((l) => `“${l}”`).join(', ')}`] : []),
    ...(a.score.cap ? [`Score ${a.score.cap}`] : []),
    ...a.notices.map((n) => `Notice: ${n}`),
  ];
  const rules = recommendations(a);
  return [
    'Parsed structure:', ...whatWeRead(a, false), '',
    'Measured facts:', ...facts.map((f) => `- ${f}`), '',
    'Rule findings (each quotes the line it is about):', ...(rules.length ? rules.map((r) => `- ${r}`) : ['- none']), '',
    `Resume text:\n"""\n${text}\n"""`,
  ].join('\n');
}

/** Model narrative (checked against the parser) framed by the analysis' score, breakdown and checks. */
export function renderNarrativeReview(a: ResumeAnalysis, narrative: string, modelLabel: string, extra: string[] = []): string {
  const checked = checkNarrative(narrative.trim(), a);
  const droppedNote = checked.dropped.length
    ? [`_${checked.dropped.length} statement${checked.dropped.length > 1 ? 's' : ''} of the model contradicted what was read from your PDF and ${checked.dropped.length > 1 ? 'were' : 'was'} removed._`, '']
    : [];
  return [
    '# Resume Review', '',
    `_Narrative by ${modelLabel}; score and checks by Craftwell’s rule-based analyser._`, '',
    ...notices(a),
    ...scoreBlock(a), '',
    checked.text, '',
    ...droppedNote,
    '## Checks', '', ...atsSection(a), ...formatting(a), '',
    ...extra,
    ...whatWeReadSection(a),
  ].join('\n');
}

/** The "What We Read" section: what the parser took from the PDF, so a reader sees why a claim was made. */
export const WHAT_WE_READ_HEADING = '## What We Read';

/** With `bullets` false (the model's prompt, which has the text anyway) entries are listed without their bullets. */
function whatWeRead(a: ResumeAnalysis, bullets = true): string[] {
  const c = a.contact;
  const contact = [c.name && `name ${c.name}`, c.email && `e-mail ${c.email}`, c.phone && `phone ${c.phone}`, c.linkedin && `LinkedIn ${c.linkedin}`,
    c.linkedinNotProfile && !c.linkedin && `LinkedIn link (not a profile) ${c.linkedinNotProfile}`, c.github && `GitHub ${c.github}`,
    c.xing && `XING ${c.xing}`, c.website && `website ${c.website}`].filter(Boolean);
  const out = [
    `- **Language:** ${LANGUAGE_NAMES[a.language]}`,
    `- **Contact:** ${contact.length ? contact.join('; ') : 'none found'}${c.onlyInPageMargin ? ' (only in the page header/footer)' : ''}`,
    `- **Sections:** ${a.parsed.sections.length ? a.parsed.sections.map((s) => `${s.heading}${s.key === 'other' ? '' : ` (${s.key})`}`).join('; ') : 'no headings recognised'}${a.parsed.implicitSummary ? '; an unheaded summary at the top' : ''}`,
  ];
  if (a.parsed.roles.length) {
    out.push('- **Entries:**');
    for (const role of a.parsed.roles.slice(0, 25)) {
      out.push(`  - ${escapeInline(role.heading.join(' — '))} · ${role.dates ? escapeInline(role.dates) : 'no date'} · ${role.section}${role.bullets.length ? ` · ${role.bullets.length} bullet${role.bullets.length > 1 ? 's' : ''}` : ''}`);
      if (bullets && role.bullets.length === 0 && role.description.length) out.push(`    - _${escapeInline(clip(role.description.join(' ')))}_`);
      for (const bullet of bullets ? role.bullets.slice(0, 6) : []) out.push(`    - ${escapeInline(clip(bullet))}`);
    }
  }
  return out;
}

function whatWeReadSection(a: ResumeAnalysis): string[] {
  return [WHAT_WE_READ_HEADING, '', ...whatWeRead(a), ''];
}

function clip(text: string): string {
  return text.length > 140 ? `${text.slice(0, 137)}…` : text;
}

function escapeInline(text: string): string {
  return text.replace(/([*_`[\]<>|#])/g, '\\$1');
}
