import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../../testing/render.js';
import ApiDocsPage from '../index.js';
import { describeSchema } from '../openapi.js';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Craftwell API', version: '0.1.0' },
  paths: {
    '/api/config': { get: { operationId: 'getApiConfig', tags: ['Site'], summary: 'Plans and limits', security: [], parameters: [], responses: { 200: { description: 'ok' } } } },
    '/api/ai/generate-article': {
      post: {
        operationId: 'postApiAiGenerateArticle', tags: ['Tools'], summary: 'Write an article', parameters: [],
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { prompt: { type: 'string', minLength: 1, maxLength: 4000 }, length: { type: 'number' } }, required: ['prompt', 'length'] } } } },
        responses: { 200: { description: 'ok' }, 401: { description: 'no token' } },
      },
    },
  },
};

describe('ApiDocsPage', () => {
  it('when the document loads, then operations are grouped by tag with their fields and replies', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(doc)));
    renderWithProviders(<ApiDocsPage />);
    const tools = await screen.findByRole('region', { name: 'Tools' });
    expect(within(tools).getByText('/api/ai/generate-article')).toBeInTheDocument();
    expect(within(tools).getByText('Write an article')).toBeInTheDocument();
    expect(within(tools).getByText('string, 1-4000 characters')).toBeInTheDocument();
    expect(within(tools).getByText('Replies: 200, 401')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Site' })).getByText('no token needed')).toBeInTheDocument();
    expect(screen.getAllByTestId('api-operation')).toHaveLength(2);
  });

  it('describes enums, files and defaults', () => {
    expect(describeSchema({ enum: ['png', 'md'] })).toBe('one of "png", "md"');
    expect(describeSchema({ type: 'string', contentMediaType: 'application/octet-stream' })).toBe('file');
    expect(describeSchema({ type: 'boolean', default: false })).toBe('boolean, default false');
  });
});
