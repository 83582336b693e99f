/**
 * The review on eight real resumes (tests/fixtures/real-resumes, sources in its SOURCES.md). Each
 * test asserts the facts known to be true of one file: no claim of the review contradicts them,
 * and the real weaknesses of that resume are found.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseResume, type ResumeAnalysis } from '../analysis.js';
import { buildLayout } from '../layout.js';
import { readPdfText } from '../pdf-text.js';
import { renderReview } from '../review.js';

const now = new Date('2026-11-24T00:00:00Z');

async function review(file: string): Promise<{ a: ResumeAnalysis; md: string }> {
  const bytes = new Uint8Array(readFileSync(new URL(`../../../../../tests/fixtures/real-resumes/${file}`, import.meta.url)));
  const pdf = await readPdfText(bytes);
  const a = analyseResume(buildLayout(pdf), pdf, { now });
  return { a, md: renderReview(a) };
}

/** Claims no review of these files may make: fonts that are fine called risky, length advice for one page, etc. */
function expectNoFontOrLengthMyths(md: string): void {
  expect(md).not.toMatch(/Less common fonts|uncommon font|Computer Modern|CMR10|SymbolMT|OpenSymbol|LMRoman|LMMathSymbols/);
  expect(md).not.toMatch(/cut to two pages/i);
}

const atsIds = (a: ResumeAnalysis) => a.ats.map((r) => r.id).sort();

describe('real resumes: the review agrees with what is in the PDF', () => {
  it('jake_template_fantino.pdf: links from annotations, internships while studying are not gaps, FontAwesome a minor remark', async () => {
    const { a, md } = await review('jake_template_fantino.pdf');
    expect(a.language).toBe('en');
    expect(a.contact).toMatchObject({ email: 'Andrew.Fantino.951@gmail.com', phone: '(951) 355-8530' });
    expect(a.contact.linkedin).toMatch(/linkedin\.com\/in\/andrew-fantino/);
    expect(a.contact.github).toMatch(/github\.com\/afantino951/);
    expect(md).not.toMatch(/no LinkedIn|Add your LinkedIn/i);
    expect(a.sectionsFound).toEqual(expect.arrayContaining(['education', 'skills', 'experience', 'projects']));
    expect(a.missingSections).toEqual(['summary']);
    expect(md).not.toMatch(/Add a Projects section|Missing:[^\n]*projects/);
    // Three dated internships; the breaks between them fall before graduation (June 2023).
    expect(a.dates.ranges.map((r) => r.text)).toEqual(['June 2022 – Sept. 2022', 'June 2021 – Dec 2021', 'June 2020 – Sept. 2020']);
    expect(a.dates.gaps).toEqual([]);
    expect(a.dates.inconsistentFormats).toBe(false);
    expect(md).not.toMatch(/no dates|Employment gaps:\*\* \d/);
    expect(a.bullets.count).toBe(18);
    expect(a.bullets.withActionVerb).toBeGreaterThanOrEqual(14);
    expect(a.bullets.quantified).toBe(3);
    expect(a.pronouns).toEqual({});
    expect(a.cliches).toEqual([]);
    expect(a.wordCount).toBeGreaterThan(450);
    // The FontAwesome icons leak as stray characters: a fair, minor remark that quotes the line.
    expect(a.ats).toEqual([expect.objectContaining({ id: 'symbol-fonts', severity: 'low' })]);
    expect(a.ats[0].detail).toMatch(/FontAwesome.*“US Citizen \|/);
    expectNoFontOrLengthMyths(md);
  });

  it('sb2nov_bajaj.pdf: entry headings are not bullets; no Skills section and few figures are found', async () => {
    const { a, md } = await review('sb2nov_bajaj.pdf');
    expect(a.contact).toMatchObject({ email: 'sourabh@sourabhbajaj.com', phone: '+1-123-456-7890', website: 'sourabhbajaj.com' });
    expect(a.contact.linkedin).toBeUndefined();
    expect(a.contact.github).toBeUndefined();
    expect(a.sectionsFound).toEqual(expect.arrayContaining(['education', 'experience', 'projects']));
    expect(a.missingSections).toEqual(['skills', 'summary']);
    expect(md).toMatch(/Add a Skills section/);
    const jobs = a.parsed.roles.filter((r) => r.section === 'experience');
    expect(jobs.map((r) => r.dates)).toEqual(['Oct 2016 – Present', 'Jan 2014 – Oct 2016', 'Summer 2012, 2013', 'Jan 2012 – Dec 2013']);
    expect(a.parsed.roles.filter((r) => r.section === 'education').map((r) => r.dates)).toEqual(['Aug 2012 – Dec 2013', 'Aug 2008 – July 2012']);
    // 15 sub-bullets and 4 project bullets; the company/title/date lines are not among them.
    expect(a.bullets.count).toBe(19);
    expect(a.parsed.bullets.some((b) => /^Google\b|^Software Engineer\b/.test(b.text))).toBe(false);
    expect(a.bullets.quantified).toBe(1);
    expect(md).toMatch(/Add numbers to more bullets \(now 1 of 19\)/);
    expect(a.bullets.weakOpenings.some((w) => /^Worked on/.test(w))).toBe(true);
    expect(a.bullets.weakOpenings.some((w) => /^Involved in/.test(w))).toBe(true);
    expect(a.dates.gaps).toEqual([]);
    expect(a.dates.inconsistentFormats).toBe(false);
    expect(a.ats).toEqual([]);
    expect(a.pronouns).toEqual({});
    expectNoFontOrLengthMyths(md);
  });

  it('awesomecv_resume.pdf: every contact link found, soft-hyphen date ranges read, no Skills section', async () => {
    const { a, md } = await review('awesomecv_resume.pdf');
    expect(a.contact).toMatchObject({ email: 'posquit0.bj@gmail.com', phone: '(+82) 10-9030-1843', website: 'www.posquit0.com' });
    expect(a.contact.github).toMatch(/github\.com\/posquit0$/);
    expect(a.contact.linkedin).toMatch(/linkedin\.com\/in\/posquit0$/);
    expect(a.score.parts[0].notes).toEqual([]);
    expect(a.sectionsFound).toEqual(expect.arrayContaining(['summary', 'experience', 'awards', 'certifications', 'education']));
    expect(a.missingSections).toEqual(['skills']);
    // Eight roles, each dated, though the text layer has no dash between the two dates.
    const jobs = a.parsed.roles.filter((r) => r.section === 'experience');
    expect(jobs).toHaveLength(8);
    expect(jobs.every((r) => r.dates !== null && r.end !== undefined)).toBe(true);
    expect(a.dates.ranges).toHaveLength(8);
    expect(a.dates.undated).toEqual([]);
    expect(a.dates.gaps).toEqual([]);
    expect(a.bullets.count).toBe(31);
    expect(a.bullets.withActionVerb).toBe(27);
    expect(a.bullets.quantified).toBeGreaterThanOrEqual(7);
    // The running footer (date, name, page number) carries no contact data and is not a section's content.
    expect(atsIds(a)).toEqual(['symbol-fonts']);
    expect(a.parsed.roles.some((r) => r.heading.some((h) => /Résumé/.test(h)))).toBe(false);
    expect(a.pronouns).toEqual({});
    expect(md).not.toMatch(/no dates|header\/footer/i);
    expectNoFontOrLengthMyths(md);
  });

  it('word_0405a.pdf: the "June – August 2021 and 2022" job is dated; no LinkedIn; SymbolMT bullets are fine', async () => {
    const { a, md } = await review('word_0405a.pdf');
    expect(a.contact).toMatchObject({ email: 'lingjun.meng@mail.utoronto.ca', phone: '(416)-858-7321' });
    expect(a.contact.linkedin).toBeUndefined();
    expect(md).toMatch(/Add your LinkedIn profile address/);
    expect(a.sectionsFound).toEqual(expect.arrayContaining(['education', 'certifications', 'skills', 'experience', 'languages', 'interests']));
    expect(a.missingSections).toEqual(['summary']);
    const job = a.parsed.roles.find((r) => r.heading.some((h) => h.startsWith('Plaza Grocery')));
    expect(job?.dates).toMatch(/^June – August 2021/);
    expect(job?.bullets).toHaveLength(3);
    expect(a.dates.undated).toEqual([]);
    expect(md).not.toMatch(/no dates|Undated/i);
    // The job's bullets carry no figures: the review says so about one of them.
    expect(md).toMatch(/Add numbers to more bullets \(now 0 of \d+\): for “(Trained|Multitasked|Engaged)/);
    expect(a.ats).toEqual([]);
    expect(a.pronouns).toEqual({});
    expectNoFontOrLengthMyths(md);
  });

  it('odt_amandeep.pdf: LinkedIn feed link, education table, first person and a very short text are found', async () => {
    const { a, md } = await review('odt_amandeep.pdf');
    expect(a.contact).toMatchObject({ email: 'a.d.scr71234@gmail.com', phone: '8076247677', linkedinNotProfile: 'https://www.linkedin.com/feed/' });
    expect(a.contact.github).toMatch(/github\.com\/1234Amandeep/);
    expect(a.contact.linkedin).toBeUndefined();
    expect(md).toMatch(/“https:\/\/www\.linkedin\.com\/feed\/” is LinkedIn's news feed or another page, not your profile/);
    expect(a.sectionsFound).toEqual(expect.arrayContaining(['education', 'skills', 'projects']));
    expect(atsIds(a)).toEqual(['table']);
    expect(a.ats[0].detail).toMatch(/“Course {2}College \/ School {2}CGPA {2}Status”/);
    expect(a.pronouns).toEqual({ I: 2 });
    expect(md).toMatch(/Remove first-person pronouns: “• I have built this projects/);
    expect(a.wordCount).toBeGreaterThanOrEqual(100);
    expect(a.wordCount).toBeLessThanOrEqual(140);
    expect(md).toMatch(/Add substance: 1\d\d words is thin/);
    expect(a.bullets.quantified).toBe(0);
    expectNoFontOrLengthMyths(md);
  });

  it('german_buchner_moderncv.pdf: German headings and MM/YYYY dates read, contact only in the footer, no English wording rules', async () => {
    const { a, md } = await review('german_buchner_moderncv.pdf');
    expect(a.language).toBe('de');
    expect(a.sectionsFound).toEqual(expect.arrayContaining(['education', 'experience', 'volunteering', 'skills', 'languages', 'awards', 'interests']));
    expect(a.missingSections).toEqual(['summary']);
    expect(md).not.toMatch(/no sections|Add an Experience section|Add an Education section|Add a Skills section/);
    expect(a.contact).toMatchObject({ email: 'juergenbuchner@gmail.com', phone: '+43 699 17952841', onlyInPageMargin: true });
    expect(a.contact.xing).toMatch(/xing\.de\/profile\/Juergen_Buchner9/);
    expect(md).not.toMatch(/Add your LinkedIn/);
    expect(atsIds(a)).toEqual(['header-footer-text', 'images', 'symbol-fonts']);
    expect(a.ats.find((r) => r.id === 'symbol-fonts')?.severity).toBe('low');
    const jobs = a.parsed.roles.filter((r) => r.section === 'experience');
    expect(jobs.map((r) => r.dates)).toEqual(['03/2018 – 07/2018', '10/2017 – 01/2018', '03/2017 – 06/2017', '04/2016 – 06/2016', '02/2011 – 09/2013']);
    expect(jobs.at(-1)?.bullets).toHaveLength(6);
    expect(a.dates.gaps).toEqual([]);
    expect(a.dates.inconsistentFormats).toBe(false);
    // English wording rules are not applied to German text, and the review says so.
    expect(a.pronouns).toEqual({});
    expect(md).not.toMatch(/\*\*Action verbs:|\*\*First-person|Remove first-person|Duty-style/);
    expect(md).toMatch(/The resume is in German/);
    expect(md).not.toMatch(/has no bullet or description/);
    expectNoFontOrLengthMyths(md);
  });

  it('french_canva_richard.pdf: two columns read apart, links on logos found, unheaded summary, French words are not English pronouns', async () => {
    const { a, md } = await review('french_canva_richard.pdf');
    expect(a.language).toBe('fr');
    expect(atsIds(a)).toEqual(['images', 'multi-column']);
    const texts = a.parsed.sections.map((s) => s.heading);
    expect(texts).toEqual(expect.arrayContaining(['COORDONNÉES :', 'COMPÉTENCES :', 'FORMATIONS :', 'EXPÉRIENCES :', 'HOBBIES :']));
    expect(a.contact).toMatchObject({ email: 'julienrichard.emp@gmail.com', phone: '06 33 49 07 40', website: 'https://jurichar.vercel.app/' });
    expect(a.contact.linkedin).toMatch(/linkedin\.com\/in\/julien-richard-23221a185/);
    expect(a.contact.github).toMatch(/github\.com\/jurichar/);
    expect(a.contact.linksWithoutText).toEqual(expect.arrayContaining(['https://github.com/jurichar', 'https://www.linkedin.com/in/julien-richard-23221a185/']));
    expect(md).not.toMatch(/Add your LinkedIn|no LinkedIn/i);
    expect(a.parsed.implicitSummary).toMatch(/^Après un début de carrière en DevOps/);
    expect(a.missingSections).toEqual([]);
    expect(a.pronouns).toEqual({});
    expect(md).not.toMatch(/First-person|“me”|“mon”/);
    const jobs = a.parsed.roles.filter((r) => r.section === 'experience');
    expect(jobs.map((r) => r.dates)).toEqual(['2023', '2022', '2018 - 2022']);
    expect(jobs.map((r) => r.bullets.length)).toEqual([2, 2, 1]);
    expect(a.parsed.roles.filter((r) => r.section === 'education').map((r) => r.dates)).toEqual(["2020 - aujourd'hui", '2017 - 2019']);
    expect(md).not.toMatch(/no dates/i);
    expectNoFontOrLengthMyths(md);
  });
});
