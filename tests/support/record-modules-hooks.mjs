// Module hooks for record-modules.ts (they run on the loader thread, so plain JavaScript).
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function load(url, context, nextLoad) {
  appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
