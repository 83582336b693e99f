/**
 * Article job overhead: the article handler against the fastest possible provider — a local
 * chat-completions server that sends a 1,200-word article in one burst — compared with calling the
 * engine directly. The difference is what the handler adds (prompt handling, streaming progress).
 * Also: offline outline and headline engine times.
 * Run: npx tsx bench/text/article-overhead.bench.ts
 */
import { pathToFileURL } from 'node:url';
import type { JobContext, ProgressUpdate } from '@craftwell/contracts/handler';
import createArticleHandler from '@craftwell/worker/handlers/article';
import { parseTextConfig } from '@craftwell/core/config/text';
import { createTextEngines } from '@craftwell/worker/engines/text/registry';
import { renderTitles } from '@craftwell/worker/engines/text/offline/headlines';
import { buildOutline, renderOutline } from '@craftwell/worker/engines/text/offline/outline';
import { startFakeChatServer } from '@craftwell/worker/engines/text/__tests__/fake-chat-server';

const RUNS = 40;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(): Promise<void> {
  const server = await startFakeChatServer();
  server.reply = `# A Benchmark Article\n\n${Array.from({ length: 1200 }, (_, i) => `word${i}`).join(' ')}`;
  try {
    const engines = createTextEngines(parseTextConfig({ AI_TEXT_BASE_URL: server.baseUrl, AI_TEXT_MODEL: 'burst', AI_TEXT_API_KEY: 'bench' }), { dataDir: '/nonexistent' });
    const article = createArticleHandler(engines);
    const direct: number[] = [];
    const job: number[] = [];
    let updates = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      await engines.llm!.generate('Write an article about benchmarks in Medium (800-1200 words).', { onChunk: () => {} });
      const t1 = performance.now();
      const seen: ProgressUpdate[] = [];
      const ctx: JobContext<'article'> = {
        payload: { userId: 'bench', prompt: 'Write an article about benchmarks in Medium (800-1200 words).', length: 1200 },
        signal: new AbortController().signal, attempt: 1,
        progress: async (u) => { seen.push(u); },
        readInput: async () => Buffer.alloc(0),
      };
      await article(ctx);
      const t2 = performance.now();
      if (i >= 3) { direct.push(t1 - t0); job.push(t2 - t1); updates += seen.length; }
    }
    console.log(`Article job overhead, 1,200-word streamed reply (${server.reply.split(' ').length} chunks) from a local burst server, ${RUNS} runs`);
    console.log(`engine.generate directly   median ${median(direct).toFixed(2)} ms`);
    console.log(`article handler (job)      median ${median(job).toFixed(2)} ms`);
    console.log(`handler overhead           median ${(median(job) - median(direct)).toFixed(2)} ms   progress updates per job ${(updates / RUNS).toFixed(1)}`);
  } finally {
    await server.close();
  }

  const outline: number[] = [];
  const titles: number[] = [];
  for (let seed = 0; seed < 200; seed++) {
    const t0 = performance.now();
    renderOutline(buildOutline({ topic: 'remote work for small teams', targetWords: 1600, seed }));
    const t1 = performance.now();
    renderTitles({ keyword: 'remote work', category: 'Business', seed });
    titles.push(performance.now() - t1);
    outline.push(t1 - t0);
  }
  console.log(`offline outline engine     median ${median(outline).toFixed(3)} ms (1,600 words plan)`);
  console.log(`offline headline engine    median ${median(titles).toFixed(3)} ms (10 titles)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
