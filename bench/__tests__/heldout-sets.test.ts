/**
 * The held-out sets hold nothing the rules were tuned on: no source that tests/fixtures/SOURCES.md
 * lists for the shared real resumes and photos (the benches also refuse their bytes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedInputDigests, sharedInputOf, sharedSourceOf } from '../heldout-guard.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const json = (file: string) => JSON.parse(readFileSync(path.join(here, '..', file), 'utf8'));

describe('held-out sets', () => {
  it('name no source of a shared real resume or photo', () => {
    const resumes = (json('text/resume-heldout-set.json').resumes as Array<{ file: string; source: string }>).map((r) => [r.file, r.source] as const);
    const photos = Object.entries(json('image/object-heldout-set.json').photos as Record<string, { source: string }>).map(([file, p]) => [file, p.source] as const);
    expect(resumes.length).toBeGreaterThan(200);
    expect(photos.length).toBeGreaterThan(20);
    const tuned = [...resumes, ...photos].filter(([, source]) => sharedSourceOf(source) !== null).map(([file]) => file);
    expect(tuned).toEqual([]);
  });

  it('the object development set shares no source with the held-out set or the shared photos', () => {
    // Looked at while a change is made, so it must not be what measures the change.
    const dev = json('image/object-dev-set.json') as { photos: Record<string, { source: string }>; asks: Array<{ photo: string; seen: string }> };
    const heldOut = Object.values(json('image/object-heldout-set.json').photos as Record<string, { source: string }>);
    const repoAndPath = (source: string) => source.replace(/ @ \S+$/, '').toLowerCase();
    const measured = new Set(heldOut.map((p) => repoAndPath(p.source)));
    const heldOutRepos = new Set(heldOut.map((p) => repoAndPath(p.source).split(' ')[0]));
    const sources = Object.values(dev.photos).map((p) => p.source);
    expect(sources.length).toBeGreaterThan(20);
    expect(sources.filter((s) => measured.has(repoAndPath(s)) || heldOutRepos.has(repoAndPath(s).split(' ')[0]))).toEqual([]);
    expect(sources.filter((s) => sharedSourceOf(s) !== null)).toEqual([]);
    // Every ask names a photo of the set and says what was seen.
    expect(dev.asks.filter((a) => !dev.photos[a.photo] || !a.seen)).toEqual([]);
  });

  it('the check finds a shared input by its source line, and by its bytes under any name', () => {
    // Each shared resume and photo, written as a held-out entry would name it.
    expect(sharedSourceOf('jurichar/cv CV_FR.pdf @ 0321a000404c')).toMatch(/french_canva_richard/);
    expect(sharedSourceOf('1234Amandeep/Resume Resume.pdf @ 0918a2b42b2d')).toMatch(/odt_amandeep/);
    expect(sharedSourceOf('pjreddie/darknet data/dog.jpg @ f6afaabc')).toMatch(/darknet-dog/);
    // The same repository's other files, and another repository's file of the same name, are not.
    expect(sharedSourceOf('pjreddie/darknet data/eagle.jpg @ f6afaabc')).toBeNull();
    expect(sharedSourceOf('someone/Resume Resume.pdf @ 0123456789ab')).toBeNull();
    expect(sharedSourceOf('jurichar/cv CV_EN.pdf @ 0321a000404c')).toBeNull();
    const digests = sharedInputDigests();
    expect(digests.size).toBe(14);
    const fixture = readFileSync(path.join(here, '../../tests/fixtures/real-resumes/odt_amandeep.pdf'));
    expect(sharedInputOf(new Uint8Array(fixture), digests)).toBe('tests/fixtures/real-resumes/odt_amandeep.pdf');
    expect(sharedInputOf(new Uint8Array([...fixture, 0x0a]), digests)).toBeNull();
  });
});
