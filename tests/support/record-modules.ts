/**
 * Preloaded with `--import` into a process under test: writes every module the process loaded
 * (ES modules through a load hook, CommonJS from the require cache) to the file named by
 * RECORD_MODULES_TO when the process exits. Lets a test check what an api process pulled in.
 */
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const file = process.env.RECORD_MODULES_TO;
if (file) {
  register(new URL('./record-modules-hooks.mjs', import.meta.url), { data: { file } });
  const require = createRequire(import.meta.url);
  process.on('exit', () => appendFileSync(file, Object.keys(require.cache).join('\n') + '\n'));
}
