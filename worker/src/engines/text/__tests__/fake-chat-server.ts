/**
 * A local server that speaks the documented chat-completions API (JSON and SSE streaming, OpenAI
 * error bodies). The model name picks the behaviour, so one server serves every test case.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest { model: string; body: Record<string, unknown>; authorization?: string }

export interface FakeChatServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Text the "ok" models answer with, split into stream chunks on spaces. */
  reply: string;
  close(): Promise<void>;
}

const errorBody = (message: string, type: string, code: string | null) => JSON.stringify({ error: { message, type, param: null, code } });

export async function startFakeChatServer(): Promise<FakeChatServer> {
  const requests: RecordedRequest[] = [];
  const attempts = new Map<string, number>();
  const state: FakeChatServer = { baseUrl: '', requests, reply: 'Hello from the fake model. It streams in pieces.', close: async () => {} };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => { raw += chunk.toString(); });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') { res.writeHead(404).end(); return; }
      const body = JSON.parse(raw) as Record<string, unknown>;
      const model = String(body.model);
      requests.push({ model, body, authorization: req.headers.authorization });
      const attempt = (attempts.get(model) ?? 0) + 1;
      attempts.set(model, attempt);
      const json = (status: number, payload: string, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(payload);

      switch (model) {
        case 'bad-key': return json(401, errorBody('Incorrect API key provided: sk-wrong.', 'invalid_request_error', 'invalid_api_key'));
        case 'missing-model': return json(404, errorBody('The model `missing-model` does not exist or you do not have access to it.', 'invalid_request_error', 'model_not_found'));
        case 'rate-limited': return json(429, errorBody('Rate limit reached for requests.', 'requests', 'rate_limit_exceeded'), { 'retry-after-ms': '5' });
        case 'too-long': return json(400, errorBody("This model's maximum context length is 8192 tokens. However, your messages resulted in 9001 tokens.", 'invalid_request_error', 'context_length_exceeded'));
        case 'flaky': if (attempt === 1) return json(500, errorBody('The server had an error while processing your request.', 'server_error', null), { 'retry-after-ms': '5' }); break;
        case 'new-style':
          if ('max_tokens' in body) return json(400, errorBody("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'invalid_request_error', 'unsupported_parameter'));
          break;
        case 'slow': setTimeout(() => { if (!res.writableEnded && !res.destroyed) json(200, completion(model, 'late')); }, 2_000); return;
        case 'stall':
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(`data: ${JSON.stringify(chunk(model, 'first '))}\n\n`);
          return; // and never another byte
      }
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const pieces = state.reply.split(/(?<= )/);
        if (model === 'burst') {
          // Everything at once: the fastest possible provider, for measuring our own overhead.
          for (const piece of pieces) res.write(`data: ${JSON.stringify(chunk(model, piece))}\n\n`);
          res.end('data: [DONE]\n\n');
          return;
        }
        let i = 0;
        const next = () => {
          if (res.destroyed) return;
          if (i < pieces.length) { res.write(`data: ${JSON.stringify(chunk(model, pieces[i++]))}\n\n`); setTimeout(next, model === 'slow-stream' ? 30 : 1); return; }
          res.write(`data: ${JSON.stringify({ ...chunk(model, ''), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
          res.end('data: [DONE]\n\n');
        };
        next();
        return;
      }
      json(200, completion(model, state.reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}/v1`;
  state.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return state;
}

function chunk(model: string, content: string) {
  return { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta: { content }, finish_reason: null }] };
}

function completion(model: string, content: string): string {
  return JSON.stringify({
    id: 'chatcmpl-test', object: 'chat.completion', created: 1, model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 },
  });
}
