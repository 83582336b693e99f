import { describe, expect, it } from 'vitest';
import { planChunks, selectionProblem, splitSelection } from '../chunks.js';
import { summaryText, timeLeftText } from '../format.js';
import { bigImage, counts, image } from './batch-api-stub.js';

const MB = 1024 * 1024;

describe('chunks', () => {
  it('packs images in order under the byte cap, a larger image alone, the zip last and alone', () => {
    const images = [bigImage('a', 30 * MB), bigImage('b', 9 * MB), bigImage('c', 2 * MB), bigImage('d', 45 * MB), bigImage('e', 1 * MB)];
    const zip = new File(['PK'], 'more.ZIP', { type: '' });
    const chunks = planChunks({ images, zips: [zip] }, 40 * MB);
    expect(chunks.map((chunk) => (chunk.kind === 'zip' ? `zip:${chunk.file.name}` : chunk.files.map((file) => file.name).join('')))).toEqual(['ab', 'c', 'd', 'e', 'zip:more.ZIP']);
  });

  it('never puts more than the item cap in one request', () => {
    const chunks = planChunks({ images: Array.from({ length: 7 }, (_, i) => image(`${i}.png`, 10)), zips: [] }, 40 * MB, 3);
    expect(chunks.map((chunk) => (chunk.kind === 'images' ? chunk.files.length : 0))).toEqual([3, 3, 1]);
  });

  it('sorts a selection into images, zips and the rest, and names what cannot be sent', () => {
    const selection = splitSelection([image('a.png'), new File(['x'], 'notes.pdf', { type: 'application/pdf' }), new File(['PK'], 'p.zip', { type: 'application/x-zip-compressed' })]);
    expect(selection.images.map((file) => file.name)).toEqual(['a.png']);
    expect(selection.zips.map((file) => file.name)).toEqual(['p.zip']);
    expect(selection.skipped.map((file) => file.name)).toEqual(['notes.pdf']);
    expect(selectionProblem(selection)).toBeNull();
    expect(selectionProblem({ images: [], zips: [], skipped: selection.skipped })).toMatch(/at least one image/);
    expect(selectionProblem({ images: [], zips: [selection.zips[0], selection.zips[0]], skipped: [] })).toBe('Choose one .zip at most.');
  });
});

describe('summary', () => {
  it('says what is done, what went wrong and the time left while running; Finished once over', () => {
    expect(summaryText(counts({ done: 12, failed: 2, queued: 20, active: 6 }), 170)).toBe('12 of 40 done · 2 failed · about 3 min left');
    expect(summaryText(counts({ done: 1, queued: 1 }), null)).toBe('1 of 2 done');
    expect(summaryText(counts({ done: 3, refused: 1 }), 30)).toBe('Finished: 3 of 4 done · 1 refused');
  });

  it('rounds the time left to words', () => {
    expect(timeLeftText(null)).toBe('');
    expect(timeLeftText(20)).toBe('less than a minute left');
    expect(timeLeftText(61)).toBe('about 1 min left');
    expect(timeLeftText(3 * 3600)).toBe('about 3 h left');
  });
});
