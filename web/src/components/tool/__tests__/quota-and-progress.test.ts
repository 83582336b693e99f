import { describe, expect, it } from 'vitest';
import { progressCaption } from '../job-progress-bar.js';
import { quotaExhausted, quotaText } from '../use-tool-quota.js';

describe('quotaText', () => {
  it('when a limit applies, then it says how many runs are left of the limit', () => {
    expect(quotaText({ plan: 'free', used: 3, limit: 10 })).toBe('7 of 10 left this month');
  });
  it('when more than the limit was used, then none are left (never negative)', () => {
    expect(quotaText({ plan: 'free', used: 12, limit: 10 })).toBe('0 of 10 left this month');
  });
  it('when uses are held by running jobs, then they are not counted as left, and the text says so', () => {
    expect(quotaText({ plan: 'free', used: 3, reserved: 2, limit: 10 })).toBe('5 of 10 left this month (2 running)');
    expect(quotaExhausted({ plan: 'free', used: 9, reserved: 1, limit: 10 })).toBe(true);
  });
  it('when there is no limit, then premium reads as unlimited', () => {
    expect(quotaText({ plan: 'premium', used: 40, limit: null })).toBe('Unlimited on Premium');
  });
  it('when used reaches the limit, then the quota is exhausted; unlimited never is', () => {
    expect(quotaExhausted({ plan: 'free', used: 10, limit: 10 })).toBe(true);
    expect(quotaExhausted({ plan: 'free', used: 9, limit: 10 })).toBe(false);
    expect(quotaExhausted({ plan: 'premium', used: 999, limit: null })).toBe(false);
    expect(quotaExhausted(null)).toBe(false);
  });
});

describe('progressCaption', () => {
  it('when nothing is known yet, then the request is on its way', () => {
    expect(progressCaption(null)).toBe('Sending your request...');
  });
  it('when queued behind others, then it names the position', () => {
    expect(progressCaption({ state: 'queued', progress: 0, stage: 'Queued', position: 3 })).toBe('Queued - position 3 in line');
    expect(progressCaption({ state: 'queued', progress: 0, stage: 'Queued' })).toBe('Queued - starting soon');
  });
  it('when active, then the stage is shown', () => {
    expect(progressCaption({ state: 'active', progress: 40, stage: 'Finding object' })).toBe('Finding object');
  });
});
