/**
 * The contact patterns run over a whole resume's text (capped at 200,000 characters): each must
 * take linear time on long runs that never match, and still find ordinary addresses.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { EMAIL, LINKEDIN, WEBSITE } from '../contact-patterns.js';

const WORST_CASES = ['a'.repeat(200_000), 'a.'.repeat(100_000), 'a-'.repeat(100_000), `${'x'.repeat(100_000)} ${'b'.repeat(99_999)}`];

describe('resume contact patterns', () => {
  it('when the text is a 200,000-character run without a match, then each pattern answers in under 250 ms', () => {
    for (const pattern of [EMAIL, LINKEDIN, WEBSITE]) {
      for (const text of WORST_CASES) {
        const started = performance.now();
        expect(pattern.exec(text)).toBeNull();
        expect(performance.now() - started).toBeLessThan(250);
      }
    }
  });

  it('when the text holds an e-mail and a LinkedIn address, then both are found whole', () => {
    expect(EMAIL.exec('Mail: jo.b+cv@example.co.uk | Tel')?.[0]).toBe('jo.b+cv@example.co.uk');
    expect(LINKEDIN.exec('see https://www.linkedin.com/in/jo-b, thanks')?.[0]).toBe('https://www.linkedin.com/in/jo-b');
  });
});
