/**
 * Callers waiting for jobs' results, shared by both queue adapters: each wait has its own timeout,
 * and one settle() answers every caller waiting on that job.
 */
import type { JobResult } from '@craftwell/contracts/jobs';
import { JobTimeoutError } from './types.js';

interface Waiter {
  resolve(result: JobResult): void;
  reject(error: Error): void;
}

export type Outcome = { result: JobResult } | { error: Error };

export class ResultWaiters {
  private readonly byJob = new Map<string, Set<Waiter>>();

  /**
   * Waits for settle(id). After timeoutMs the wait ends with JobTimeoutError, and onTimeout runs
   * (the adapters cancel the job). abandon() ends this one wait early with an error.
   */
  wait(id: string, timeoutMs: number, onTimeout: () => void): { promise: Promise<JobResult>; abandon(error: Error): void } {
    const set = this.byJob.get(id) ?? new Set<Waiter>();
    let waiter!: Waiter;
    const drop = () => {
      set.delete(waiter);
      if (set.size === 0 && this.byJob.get(id) === set) this.byJob.delete(id);
    };
    const promise = new Promise<JobResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        drop();
        onTimeout();
        reject(new JobTimeoutError());
      }, timeoutMs);
      waiter = {
        resolve: (result) => { clearTimeout(timer); resolve(result); },
        reject: (error) => { clearTimeout(timer); reject(error); },
      };
    });
    set.add(waiter);
    this.byJob.set(id, set);
    return { promise, abandon: (error) => { drop(); waiter.reject(error); } };
  }

  settle(id: string, outcome: Outcome): void {
    const set = this.byJob.get(id);
    if (!set) return;
    this.byJob.delete(id);
    for (const waiter of set) {
      if ('result' in outcome) waiter.resolve(outcome.result);
      else waiter.reject(outcome.error);
    }
  }

  /** Jobs someone is waiting for. */
  ids(): string[] {
    return [...this.byJob.keys()];
  }
}
