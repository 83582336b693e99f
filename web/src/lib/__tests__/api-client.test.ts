import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setTokenGetter } from '../api-client.js';

afterEach(() => {
  setTokenGetter(async () => null);
});

describe('apiRequest', () => {
  it('when a token exists, then it sends it as a bearer header with the JSON body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, content: 'hi' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    setTokenGetter(async () => 'tok-123');

    const reply = await apiRequest<{ content: string }>('/api/ai/generate-blog-title', { method: 'POST', json: { prompt: 'x' } });

    expect(reply).toEqual({ success: true, content: 'hi', status: 200 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ai/generate-blog-title');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"prompt":"x"}');
  });

  it('when the server answers 4xx with JSON, then the body is returned, not thrown', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'Please sign in to continue.' }), { status: 401 })));
    const reply = await apiRequest('/api/me');
    expect(reply).toEqual({ success: false, message: 'Please sign in to continue.', status: 401 });
  });

  it('when the body has no success field, then success follows the status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'INVALID', message: 'Invalid email or password' }), { status: 401 })));
    const reply = await apiRequest('/api/auth/sign-in/email', { method: 'POST', json: {} });
    expect(reply.success).toBe(false);
    expect(reply.message).toBe('Invalid email or password');
    // better-auth's own code is not one of ours: a caller acting on codes sees none.
    expect(reply.code).toBeUndefined();
  });

  it('when a form is sent, then no JSON content type is forced', async () => {
    const fetchMock = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiRequest('/api/ai/remove-image-background', { method: 'POST', form });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('Content-Type')).toBeNull();
    expect(init.body).toBe(form);
  });

  it('when the network fails, then it throws a readable error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    await expect(apiRequest('/api/me')).rejects.toThrow(/Network error/);
  });

  it('when the reply is not JSON, then it throws with the status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(apiRequest('/api/me')).rejects.toThrow('Unexpected reply from the server (HTTP 502).');
  });

  it('when a read gets 503 (a dependency is down), then it is retried with backoff and the later reply returned', async () => {
    const replies = [503, 503, 200];
    const fetchMock = vi.fn(async () => {
      const status = replies.shift()!;
      const body = status === 200 ? { success: true, user: { id: 'u' } } : { success: false, message: 'The database is unavailable right now. Please try again in a moment.' };
      return new Response(JSON.stringify(body), { status, headers: { 'Retry-After': '1' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    setTokenGetter(async () => 'tok-123');
    const reply = await apiRequest('/api/me', { retryDelaysMs: [1, 1, 1] });
    expect(reply.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('when a job request gets 503, then it is not sent again: the person decides', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'The job queue is unavailable right now.' }), { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    const reply = await apiRequest('/api/ai/generate-blog-title', { method: 'POST', json: { prompt: 'x' }, retryDelaysMs: [1, 1] });
    expect(reply.status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
