/**
 * Turns the analysis into the review markdown the spec promises: content analysis, formatting and
 * structure, ATS compatibility, improvement recommendations and professional tips. With a text
 * model, the model writes those sections from the resume text and these facts; the score, the
 * breakdown and the checks always come from the analysis.
 */
import type { ResumeAnalysis } from './analysis.js';
import type { ResumeLayout } from './layout.js';

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
    '| Area | Score | Notes |',
    '|---|---|---|',
    ...a.score.parts.map((p) => `| ${p.label} | ${p.score}/${p.max} | ${p.notes.length ? escapeCell(p.notes.join('; ')) : 'No issues found'} |`),
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
  const found = [c.email && `e-mail (${c.email})`, c.phone && `phone (${c.phone})`, c.linkedin && `LinkedIn (${c.linkedin})`, c.website && `portfolio/website (${c.website})`].filter(Boolean);
  out.push(`- **Contact details:** ${found.length ? `found ${found.join(', ')}` : 'none found'}.${a.score.parts[0].notes.length ? ` Missing: ${a.score.parts[0].notes.join(', ')}.` : ''}`);
  out.push(a.sectionsFound.includes('summary')
    ? '- **Summary:** present — make sure its first sentence says what role you target and your strongest proof.'
    : '- **Summary:** missing — two or three lines at the top stating the role you want and your strongest results help both recruiters and ATS keyword matching.');
  const b = a.bullets;
  if (b.count === 0) {
    out.push('- **Achievements:** no bullet points were found under experience or projects. Recruiters skim: list 3–6 achievements per role.');
  } else {
    out.push(`- **Action verbs:** ${b.withActionVerb} of ${b.count} bullets (${pct(b.withActionVerb, b.count)}) open with a strong verb.${b.weakOpenings.length ? ` Duty-style openings such as ${b.weakOpenings.slice(0, 2).map(quote).join(' and ')} describe tasks, not results.` : ''}`);
    out.push(`- **Quantified results:** ${b.quantified} of ${b.count} bullets (${pct(b.quantified, b.count)}) include a number.${b.unquantifiedExamples.length && b.quantified / b.count < 0.5 ? ` For example, ${quote(b.unquantifiedExamples[0])} would be stronger with a figure (how many, how much, how fast).` : ''}`);
    if (b.tooLong) out.push(`- **Bullet length:** ${b.tooLong} bullet${b.tooLong > 1 ? 's run' : ' runs'} over 35 words; keep each to one or two lines.`);
  }
  const pronounTotal = Object.values(a.pronouns).reduce((n, x) => n + x, 0);
  out.push(pronounTotal
    ? `- **First-person language:** ${Object.entries(a.pronouns).map(([w, n]) => `“${w}” ×${n}`).join(', ')}. Resumes are written without pronouns: “Led a team of 5”, not “I led a team of 5”.`
    : '- **First-person language:** none — good, the resume reads in the conventional implied first person.');
  out.push(a.cliches.length
    ? `- **Clichés:** ${a.cliches.map((x) => `“${x}”`).join(', ')}. Replace each with evidence that shows the quality.`
    : '- **Clichés:** none of the common ones found.');
  return out;
}

function formatting(a: ResumeAnalysis): string[] {
  const out: string[] = [];
  out.push(`- **Sections found:** ${a.sectionsFound.length ? a.sectionsFound.join(', ') : 'none recognised'}.${a.missingSections.length ? ` Missing: ${a.missingSections.join(', ')}.` : ''}`);
  out.push(`- **Length:** ${a.pageCount} page${a.pageCount > 1 ? 's' : ''}, ${a.wordCount} words (${Math.round(a.wordCount / a.pageCount)} a page).${a.score.parts[3].notes.length ? ` ${capitalise(a.score.parts[3].notes.join('; '))}.` : ' A comfortable length.'}`);
  const d = a.dates;
  if (d.ranges.length === 0) out.push('- **Dates:** no date ranges found in the experience section; add start and end dates (month and year) for every role.');
  else {
    out.push(`- **Date format:** ${d.inconsistentFormats ? `mixed (${d.formats.join(', ')}) — pick one format, such as “Jan 2021 – Mar 2023”, and use it everywhere.` : `consistent (${d.formats.join(', ')}).`}`);
    out.push(d.gaps.length
      ? `- **Employment gaps:** ${d.gaps.map((g) => `${g.months} months between ${g.from} and ${g.to}`).join('; ')}. A one-line note (study, caregiving, freelance work) answers the question before it is asked.`
      : '- **Employment gaps:** none longer than six months.');
    if (d.invalid.length) out.push(`- **Date errors:** ${d.invalid.join('; ')}.`);
  }
  if (a.bullets.noBulletMarkers) out.push('- **Bullets:** experience is written as paragraphs; bullet points are faster to scan.');
  return out;
}

function atsSection(a: ResumeAnalysis): string[] {
  if (a.ats.length === 0) return ['- No ATS risks found: single column, no tables or images, standard fonts and contact details in the body.'];
  return a.ats.map((r) => `- **${r.severity === 'high' ? 'High' : r.severity === 'medium' ? 'Medium' : 'Low'} risk:** ${r.detail}`);
}

/** Recommendations in priority order, each tied to a finding. */
export function recommendations(a: ResumeAnalysis): string[] {
  const recs: string[] = [];
  const b = a.bullets;
  if (a.ats.some((r) => r.id === 'multi-column')) recs.push('Rebuild the layout as a single column so ATS read your experience in order.');
  if (a.missingSections.includes('experience')) recs.push('Add an Experience section with your roles, employers, dates and achievements.');
  if (b.count > 0 && b.quantified / b.count < 0.5) recs.push(`Add numbers to at least half of your bullets (currently ${pct(b.quantified, b.count)}): team size, revenue, time saved, percentage improved.`);
  if (b.count > 0 && b.withActionVerb / b.count < 0.8) recs.push('Start every bullet with a past-tense action verb (Led, Built, Reduced, Launched) instead of “Responsible for” or “Helped”.');
  if (b.count === 0) recs.push('List 3–6 achievement bullets under each role.');
  if (!a.contact.email || !a.contact.phone) recs.push('Put your e-mail address and phone number in the body of the first page.');
  if (!a.contact.linkedin && !a.contact.website) recs.push('Add a LinkedIn profile or portfolio link.');
  for (const k of a.missingSections.filter((s) => s !== 'experience')) {
    recs.push(k === 'summary' ? 'Open with a two- or three-line summary aimed at the role you want.' : `Add a ${capitalise(k)} section.`);
  }
  if (Object.keys(a.pronouns).length) recs.push('Remove first-person pronouns (I, my, me).');
  if (a.cliches.length) recs.push(`Replace clichés (${a.cliches.slice(0, 3).join(', ')}) with concrete evidence.`);
  if (a.dates.inconsistentFormats) recs.push('Use one date format throughout.');
  if (a.dates.gaps.length) recs.push('Explain employment gaps longer than six months in a short line.');
  if (a.dates.invalid.length) recs.push('Fix the date ranges that end before they start or lie in the future.');
  for (const r of a.ats.filter((x) => x.id !== 'multi-column')) {
    if (r.id === 'table') recs.push('Replace tables with plain lines of text.');
    if (r.id === 'images') recs.push('Remove photos, logos and skill charts, or make sure nothing important exists only inside an image.');
    if (r.id === 'symbol-fonts' || r.id === 'special-characters') recs.push('Replace icon glyphs with plain words (“Phone:”, “E-mail:”).');
    if (r.id === 'unusual-fonts') recs.push('Switch to a standard font such as Calibri, Arial or Georgia.');
    if (r.id === 'header-footer-text') recs.push('Move contact details out of the page header/footer into the body.');
    if (r.id === 'small-text') recs.push('Use at least 10 pt for body text.');
  }
  if (a.wordCount < 250) recs.push(`Add substance: ${a.wordCount} words is thin. Aim for roughly 350–700 words on a page, with 3–6 achievement bullets per recent role.`);
  if (a.wordCount / a.pageCount > 800) recs.push('Give the text room: trim older roles and long bullets so each page stays under about 700 words.');
  if (a.pageCount > 2) recs.push('Cut to two pages: keep the last 10–15 years and the most relevant roles.');
  if (recs.length === 0) recs.push('Tailor the summary and top bullets to each job description’s keywords before applying.');
  return recs;
}

function tips(a: ResumeAnalysis): string[] {
  const tipsList = [
    'Mirror the exact wording of the job description for skills and titles you genuinely have: ATS match keywords literally.',
    'Order bullets by relevance to the job, not by date: the first two bullets of each role get read.',
    'Use the formula action + what + result: “Cut report generation time by 40% by automating data pulls in Python.”',
    'Save the file as “Firstname-Lastname-Resume.pdf” and export it from your editor so the text stays selectable.',
    'Ask someone in your target field to skim it for 30 seconds and tell you what they remember.',
  ];
  if (!a.sectionsFound.includes('projects')) tipsList.push('Early in your career, a Projects section with links shows skills that job titles do not.');
  if (!a.sectionsFound.includes('certifications')) tipsList.push('Add relevant certifications if your field values them (cloud, project management, security, finance).');
  return tipsList.map((t) => `- ${t}`);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pct(part: number, whole: number): string {
  return `${Math.round((100 * part) / Math.max(1, whole))}%`;
}

const OFFLINE_NOTE = '_Written by Craftwell’s rule-based resume analyser: every finding below comes from checks on your PDF’s text and layout, not from an AI model._';

/** The full offline review. */
export function renderReview(a: ResumeAnalysis): string {
  return [
    '# Resume Review', '', OFFLINE_NOTE, '',
    ...scoreBlock(a), '',
    '## Content Analysis', '', ...contentAnalysis(a), '',
    '## Formatting and Structure', '', ...formatting(a), '',
    '## ATS Compatibility', '', ...atsSection(a), '',
    '## Improvement Recommendations', '', ...recommendations(a).map((r, i) => `${i + 1}. ${r}`), '',
    '## Professional Tips', '', ...tips(a), '',
  ].join('\n');
}

export const NARRATIVE_SYSTEM_PROMPT = [
  'You are an experienced recruiter and resume coach.',
  'Write a resume review in Markdown with exactly these sections, each as a "## " heading:',
  'Content Analysis, Formatting and Structure, ATS Compatibility, Improvement Recommendations (a numbered list, most important first), Professional Tips.',
  'Base every statement on the resume text and the measured facts you are given; quote the resume where useful.',
  'Do not invent a score and do not contradict the facts. Do not add a title or a preface.',
].join(' ');

/** About 2,000 tokens: with the facts and a 1,200-token answer it fits a 4,096-token local context. */
const MAX_RESUME_CHARS = 7_000;

/** The user message for the model: the resume text in reading order plus the measured facts. */
export function narrativePrompt(layout: ResumeLayout, a: ResumeAnalysis): string {
  const text = layout.lines.map((l) => l.text).join('\n').slice(0, MAX_RESUME_CHARS);
  const facts = [
    `Score (fixed): ${a.score.total}/100; ${a.score.parts.map((p) => `${p.label} ${p.score}/${p.max}${p.notes.length ? ` (${p.notes.join('; ')})` : ''}`).join('; ')}`,
    `Pages: ${a.pageCount}; words: ${a.wordCount}`,
    `Sections found: ${a.sectionsFound.join(', ') || 'none'}; missing: ${a.missingSections.join(', ') || 'none'}`,
    `Bullets: ${a.bullets.count}; with action verbs: ${a.bullets.withActionVerb}; with numbers: ${a.bullets.quantified}`,
    `Date formats: ${a.dates.formats.join(', ') || 'none'}; gaps: ${a.dates.gaps.map((g) => `${g.months} months ${g.from}–${g.to}`).join('; ') || 'none'}`,
    `First-person pronouns: ${JSON.stringify(a.pronouns)}; clichés: ${a.cliches.join(', ') || 'none'}`,
    `ATS risks: ${a.ats.map((r) => r.detail).join(' ') || 'none'}`,
  ];
  return `Measured facts:\n${facts.map((f) => `- ${f}`).join('\n')}\n\nResume text:\n"""\n${text}\n"""`;
}

/** Model narrative framed by the analysis' score, breakdown and checks. */
export function renderNarrativeReview(a: ResumeAnalysis, narrative: string, modelLabel: string): string {
  return [
    '# Resume Review', '',
    `_Narrative by ${modelLabel}; score and checks by Craftwell’s rule-based analyser._`, '',
    ...scoreBlock(a), '',
    narrative.trim(), '',
    '## Checks', '', ...atsSection(a), ...formatting(a), '',
  ].join('\n');
}
