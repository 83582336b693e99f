import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@craftwell/contracts/errors';
import { configurationNeeds, errorAction } from '../error-actions.js';

describe('errorAction', () => {
  it('when a reply carries a code, then the action follows the code alone', () => {
    const acted = ERROR_CODES.filter((code) => errorAction({ code }, 'generate-image').kind !== 'show');
    expect(acted.sort()).toEqual(['not_configured', 'quota_exceeded', 'rate_limited']);
    expect(errorAction({})).toEqual({ kind: 'show' });
  });

  it('when rate limited, then the pause is the Retry-After the reply carried', () => {
    expect(errorAction({ code: 'rate_limited', retryAfter: 42 })).toEqual({ kind: 'back-off', seconds: 42 });
  });

  it('when a tool is not configured, then the variables come from the engine catalog', () => {
    expect(configurationNeeds('generate-image')).toEqual(['AI_IMAGE_API_KEY or AI_IMAGE_BASE_URL', 'CLIPDROP_API_KEY']);
    expect(errorAction({ code: 'not_configured' }, 'generate-image')).toEqual({ kind: 'configure', needs: configurationNeeds('generate-image') });
  });
});
