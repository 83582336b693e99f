/**
 * `npm run bench -- object-heldout`: object removal judged on photos nobody tuned on. Reads
 * HELDOUT_DIR (default: a folder `heldout-photos` beside the repository) holding the photos and
 * an `asks.json` ({photos: {file: {source, licence}}, asks: [{photo, object, choice?}]}); runs each
 * ask through the offline remover and applies the automatic checks the real-photo tests apply:
 * the model no longer finds the object where it was, every neighbour is found again with about
 * the same mask (IoU >= 0.8), nothing outside the mask changed, and no refusal names one noun
 * twice. With OBJECT_INPAINT_MODEL set, the fill is that model's (as when it is installed). Side-by-side images (original | mask | result) go to HELDOUT_OUT (default
 * tests/artifacts/object-heldout) for the look by eye. The photos stay outside the repository:
 * they are for measuring after a change, never for making one. What the set is (each photo's
 * repository, path, commit and licence, and the asks) is in object-heldout-set.json beside this
 * file, so anyone can rebuild the folder and get the same figures; an asks.json in HELDOUT_DIR
 * takes its place.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { loadInstanceModel } from '@craftwell/worker/engines/object/instance-seg';
import { loadOpenCv } from '@craftwell/worker/engines/object/opencv';
import { judgeFill, untrustedFillNote } from '@craftwell/worker/engines/object/fill-trust';
import { checkAsk, runAsk, writeSideBySide, type Ask } from '@craftwell/worker/engines/object/__tests__/real-photo-asks';
import { sharedInputOf } from '../heldout-guard.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NEIGHBOUR_IOU = 0.8;

interface AskFile { photos: Record<string, { source: string; licence: string }>; asks: Ask[] }

export async function run(): Promise<void> {
  const dir = path.resolve(process.env.HELDOUT_DIR ?? path.join(ROOT, '..', 'heldout-photos'));
  const out = path.resolve(process.env.HELDOUT_OUT ?? path.join(ROOT, 'tests/artifacts/object-heldout'));
  const own = path.join(dir, 'asks.json');
  const manifest = existsSync(own) ? own : path.join(ROOT, 'bench/image/object-heldout-set.json');
  const file = JSON.parse(await readFile(manifest, 'utf8')) as AskFile;
  const missing = Object.keys(file.photos).filter((photo) => !existsSync(path.join(dir, photo)));
  if (missing.length) {
    console.log(`The held-out photos are not all in ${dir} (set HELDOUT_DIR). Missing, with where each comes from:`);
    for (const photo of missing) console.log(`  ${photo}: ${file.photos[photo]!.source} (${file.photos[photo]!.licence})`);
    console.log('Skipped.');
    return;
  }
  // One of the shared real photos, tuned on, measures nothing here.
  for (const photo of Object.keys(file.photos)) {
    const tuned = sharedInputOf(new Uint8Array(await readFile(path.join(dir, photo))));
    if (tuned) throw new Error(`${photo} is ${tuned}, a shared real photo the rules were tuned on: take it out of the held-out set.`);
  }
  await loadInstanceModel();
  await loadOpenCv();
  const rows: Array<{ ask: string; verdict: string; hole?: string; warned?: string; leftover: string; neighbours: string; changedOutside: number | string; ms: number }> = [];
  let clean = 0, repeatedNoun = 0;
  for (const ask of file.asks) {
    const name = `${ask.photo} / ${ask.object}`;
    try {
      const outcome = await runAsk({ ...ask, dir }, { inpaintModelPath: process.env.OBJECT_INPAINT_MODEL || undefined });
      await writeSideBySide(ask, outcome, out);
      const checks = await checkAsk(ask, outcome);
      const worst = checks.neighbours.reduce((m, n) => Math.min(m, n.iou), 1);
      const ok = checks.leftover < 0.5 && worst >= NEIGHBOUR_IOU && checks.changedOutside === 0;
      if (ok) clean++;
      // Whether the reply would say the fill cannot be trusted (the product's own warning).
      const trust = judgeFill(outcome.image, outcome.removal.mask, outcome.removal.protect);
      const warned = untrustedFillNote(trust, outcome.fill === 'model' ? 'model' : 'patch') ? trust.reason ?? '' : '';
      rows.push({
        ask: name, verdict: ok ? 'clean' : 'not clean', hole: `${Math.round(trust.holeShare * 100)} %`, warned, leftover: checks.leftover.toFixed(2),
        neighbours: checks.neighbours.map((n) => `${n.label} ${n.iou.toFixed(2)}`).join(', ') || '—',
        changedOutside: checks.changedOutside, ms: Math.round(outcome.ms),
      });
    } catch (err) {
      if (!(err instanceof UserFacingJobError)) throw err;
      // A refusal counts as not clean; one that names the same noun twice is a misfiring rule.
      const twice = /^The (.+) rests on the \1:/.test(err.message);
      if (twice) repeatedNoun++;
      rows.push({ ask: name, verdict: `refused${twice ? ' (names the noun twice)' : ''}: ${err.message.slice(0, 90)}`, leftover: '—', neighbours: '—', changedOutside: '—', ms: 0 });
    }
  }
  console.table(rows);
  const photos = new Set(file.asks.map((a) => a.photo)).size;
  console.log(`held-out set: ${photos} photos, ${file.asks.length} asks (sources and licences in ${manifest})`);
  console.log(`clean by the automatic checks: ${clean} of ${file.asks.length} (${Math.round((100 * clean) / file.asks.length)} %; target >= 80 %); refusals naming one noun twice: ${repeatedNoun}`);
  console.log(`side-by-side images for the look by eye: ${out}`);
}
