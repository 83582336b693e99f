import { Worker } from 'node:worker_threads';
const w = new Worker(new URL('./isnet-try.mjs', import.meta.url));
w.on('exit', (c) => console.log('thread exit', c));
w.on('error', (e) => console.log('thread error', e.message));
setTimeout(() => { console.log('terminating'); w.terminate(); }, Number(process.env.AFTER ?? 20000));
setTimeout(() => console.log('process still alive'), 60000);
