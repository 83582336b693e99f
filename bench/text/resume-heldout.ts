/**
 * `npm run bench -- resume-heldout`: the resume review judged on PDFs nobody tuned on. Reads
 * RESUME_HELDOUT_DIR (default: a folder `heldout-resumes` beside the repository) holding the PDFs
 * that resume-heldout-set.json (beside this file) lists, with each one's source, licence and what
 * is true of it (RESUME_HELDOUT_BATCH=N: batch N only; RESUME_HELDOUT_PARTIAL=1: the files present only). Prints, per resume, each expectation met or not, and every false claim: a section
 * the resume has that the review calls missing, placeholder text reported where there is none, a
 * web address or e-mail taken for a section heading, or a flaw found that is not there (two
 * columns, first person, over length). The PDFs stay outside the repository: they
 * are for measuring after a change, never for making one.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { analyseResume, LENGTH } from '@craftwell/worker/engines/resume/analysis';
import { buildLayout } from '@craftwell/worker/engines/resume/layout';
import { readResume } from '@craftwell/worker/engines/resume/read-resume';
import { sharedInputDigests, sharedInputOf } from '../heldout-guard.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Expect { sections: string[]; placeholders: boolean; twoColumn?: boolean; firstPerson?: boolean; overLength?: boolean }
interface Entry { file: string; source: string; licence: string; batch: number; expect: Expect }

export async function run(): Promise<void> {
  const dir = path.resolve(process.env.RESUME_HELDOUT_DIR ?? path.join(ROOT, '..', 'heldout-resumes'));
  const all = (JSON.parse(await readFile(path.join(ROOT, 'bench/text/resume-heldout-set.json'), 'utf8')) as { resumes: Entry[] }).resumes;
  // RESUME_HELDOUT_BATCH=24 measures one batch alone (a new batch's first figure needs only its own files).
  const only = process.env.RESUME_HELDOUT_BATCH ? Number(process.env.RESUME_HELDOUT_BATCH) : undefined;
  if (only !== undefined && !all.some((r) => r.batch === only)) throw new Error(`RESUME_HELDOUT_BATCH=${process.env.RESUME_HELDOUT_BATCH}: the set has no such batch.`);
  let resumes = only === undefined ? all : all.filter((r) => r.batch === only);
  let missing = resumes.filter((r) => !existsSync(path.join(dir, r.file)));
  // RESUME_HELDOUT_PARTIAL=1 measures the files present (a rule's check on the part of the set at hand), saying how many are not.
  if (missing.length && process.env.RESUME_HELDOUT_PARTIAL === '1') {
    console.log(`Measuring the ${resumes.length - missing.length} of ${resumes.length} held-out resumes present in ${dir}; the batch figures below cover those only.`);
    resumes = resumes.filter((r) => !missing.includes(r));
    missing = [];
  }
  if (missing.length) {
    console.log(`The held-out resumes are not all in ${dir} (set RESUME_HELDOUT_DIR). Missing, with where each comes from:`);
    for (const r of missing) console.log(`  ${r.file}: ${r.source} (${r.licence})`);
    console.log('Skipped.');
    return;
  }
  const shared = sharedInputDigests();
  const tally = new Map<number, { resumes: number; refused: number; met: number; total: number; claims: Set<string> }>();
  for (const r of resumes) {
    const batch = tally.get(r.batch) ?? { resumes: 0, refused: 0, met: 0, total: 0, claims: new Set<string>() };
    tally.set(r.batch, batch);
    const falseClaims = batch.claims;
    const bytes = new Uint8Array(await readFile(path.join(dir, r.file)));
    // One of the shared real resumes, tuned on: it measures nothing here.
    const tuned = sharedInputOf(bytes, shared);
    if (tuned) throw new Error(`${r.file} is ${tuned}, a shared real resume the rules were tuned on: take it out of the held-out set.`);
    let read;
    try {
      read = await readResume(bytes);
    } catch (error) {
      // A file over the product's limits gets its clear refusal (as the API would answer): listed, not judged.
      if (!(error instanceof UserFacingJobError)) throw error;
      batch.refused++;
      console.log(`${r.file.padEnd(34)} refused: ${error.message}`);
      continue;
    }
    // As the review's handler calls it: OCR'd or not, and the pages OCR left unread.
    const { pdf, ocr, unreadPages } = read;
    const a = analyseResume(buildLayout(pdf), pdf, { ocr, unreadPages });
    const checks: Array<[string, boolean]> = [];
    for (const key of r.expect.sections) {
      checks.push([`${key} section found`, a.sectionsFound.includes(key as never)]);
      if (a.missingSections.includes(key as never)) falseClaims.add(`${r.file}: says there is no ${key} section`);
    }
    checks.push([`placeholders ${r.expect.placeholders ? 'reported' : 'none'}`, (a.placeholders.length > 0) === r.expect.placeholders]);
    if (!r.expect.placeholders && a.placeholders.length) falseClaims.add(`${r.file}: reports placeholder text (${a.placeholders[0]})`);
    const twoColumns = a.ats.some((risk) => risk.id === 'multi-column');
    if (r.expect.twoColumn !== undefined) checks.push(['two columns', twoColumns === r.expect.twoColumn]);
    if (r.expect.twoColumn === false && twoColumns) falseClaims.add(`${r.file}: calls a one-column layout two columns`);
    // First person is an English wording rule (other languages' CVs often use it): judged on English resumes only.
    const firstPerson = Object.keys(a.pronouns).length > 0;
    if (r.expect.firstPerson !== undefined && a.language === 'en') checks.push(['first person', firstPerson === r.expect.firstPerson]);
    if (r.expect.firstPerson === false && a.language === 'en' && firstPerson) falseClaims.add(`${r.file}: finds first person (${a.pronounLines[0]})`);
    const overLength = a.pageCount > LENGTH.maxPages && !a.academic;
    if (r.expect.overLength !== undefined) checks.push(['over length', overLength === r.expect.overLength]);
    if (r.expect.overLength === false && overLength) falseClaims.add(`${r.file}: calls it too long`);
    for (const heading of a.parsed.sections.map((s) => s.heading)) {
      if (/www\.|https?:|@/i.test(heading)) falseClaims.add(`${r.file}: takes “${heading}” for a section heading`);
    }
    const ok = checks.filter(([, pass]) => pass).length;
    batch.resumes++; batch.met += ok; batch.total += checks.length;
    console.log(`${r.file.padEnd(34)} ${ok}/${checks.length}${checks.some(([, pass]) => !pass) ? `  not met: ${checks.filter(([, pass]) => !pass).map(([name]) => name).join(', ')}` : ''}`);
  }
  console.log('');
  for (const [n, batch] of [...tally].sort((a, b) => a[0] - b[0])) {
    console.log(`held-out batch ${n}: ${batch.resumes} resumes${batch.refused ? ` (and ${batch.refused} refused by the product's limits)` : ''}; expectations met ${batch.met} of ${batch.total}; false claims ${batch.claims.size}`);
    for (const claim of batch.claims) console.log(`  false claim: ${claim}`);
  }
}
