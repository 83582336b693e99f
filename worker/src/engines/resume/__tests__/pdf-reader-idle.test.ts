/**
 * PDF readers cost a process each (about 200 MB with pdfjs loaded): none runs before the first
 * PDF, and an idle one is stopped after the configured idle time.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { configurePdfReaders, getReaderPids, pdfReadersRunning, readInPdfThread } from '../pdf-reader-pool.js';
import { createEngines } from '../../index.js';
import { loadConfig } from '@craftwell/core/config/env';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(() => configurePdfReaders({ idleMs: 0 }));

describe('PDF reader processes', () => {
  it('when the engines are built, then no reader starts before a PDF is read', async () => {
    const engines = createEngines(loadConfig({ ...process.env, ENGINE_IDLE_SECONDS: '1' }));
    await engines.warmUp();
    expect(pdfReadersRunning()).toBe(0);
  });

  it('when a reader has been idle for the idle time, then its process is stopped; the next read starts a new one', async () => {
    configurePdfReaders({ idleMs: 500 });
    await readInPdfThread('text', null);
    expect(pdfReadersRunning()).toBe(1);
    const [pid] = getReaderPids();
    expect(pid && alive(pid)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(pdfReadersRunning()).toBe(0);
    expect(alive(pid!)).toBe(false);
    await readInPdfThread('text', null);
    expect(pdfReadersRunning()).toBe(1);
  }, 60_000);
});
