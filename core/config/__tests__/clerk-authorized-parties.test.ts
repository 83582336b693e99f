/** Clerk mode never accepts a token minted for another site: its authorized parties are always set. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../env.js';

const clerk = { CLERK_SECRET_KEY: 'sk_test_x', CLERK_PUBLISHABLE_KEY: 'pk_test_x' };

describe('CLERK_AUTHORIZED_PARTIES', () => {
  it('when Clerk is on with neither it nor PUBLIC_URL, then start-up stops and says what to set', () => {
    expect(() => loadConfig({ ...clerk })).toThrow(ConfigError);
    expect(() => loadConfig({ ...clerk })).toThrow(/CLERK_AUTHORIZED_PARTIES.*PUBLIC_URL/);
  });

  it('when Clerk is on with PUBLIC_URL only, then the parties are its origin', () => {
    expect(loadConfig({ ...clerk, PUBLIC_URL: 'https://craftwell.example.com/app/' }).CLERK_AUTHORIZED_PARTIES).toBe('https://craftwell.example.com');
  });

  it('when it is set, then it is kept as given; local accounts need neither', () => {
    expect(loadConfig({ ...clerk, CLERK_AUTHORIZED_PARTIES: 'https://a.example, https://b.example' }).CLERK_AUTHORIZED_PARTIES).toBe('https://a.example, https://b.example');
    expect(loadConfig({}).authMode).toBe('local');
  });
});
