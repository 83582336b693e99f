/**
 * Sends streamed text to job progress at most every `intervalMs` (about 4 a second), never two
 * updates in flight, and always the latest text last.
 */
import type { ProgressUpdate } from '@craftwell/contracts/handler';

export class StreamProgress {
  private text = '';
  private lastSent = 0;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly send: (update: ProgressUpdate) => Promise<void>,
    private readonly toUpdate: (text: string) => ProgressUpdate,
    private readonly intervalMs = 250,
  ) {}

  push(chunk: string): void {
    this.text += chunk;
    const now = Date.now();
    if (this.inFlight || now - this.lastSent < this.intervalMs) return;
    this.lastSent = now;
    this.inFlight = this.send(this.toUpdate(this.text))
      // A lost progress update must not fail the job; the final result still arrives.
      .catch(() => undefined)
      .finally(() => { this.inFlight = null; });
  }

  get value(): string {
    return this.text;
  }

  /** Waits for the update in flight, then sends the final text. */
  async flush(): Promise<void> {
    await this.inFlight;
    await this.send(this.toUpdate(this.text)).catch(() => undefined);
  }
}
