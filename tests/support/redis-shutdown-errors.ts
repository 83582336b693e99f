/**
 * "Connection is closed." from a Redis command nobody awaited that a library issued for itself:
 * ioredis re-subscribes after a reconnect and BullMQ sends some bookkeeping commands without
 * awaiting them, and a test app closing its connections at the end of a file rejects those.
 * vitest.config.ts prints such a rejection and does not count it. The issuer is the first frame
 * past ioredis in the stack recorded where the command was made (tests/setup/redis-stacks.ts): a
 * command our code issued and never awaited still fails the run, with our line in its stack.
 */
export function isLibraryCommandClosedAtShutdown(error: { message?: string; stack?: string }, repoRoot: string): boolean {
  if (error.message !== 'Connection is closed.') return false;
  const frames = (error.stack ?? '').split('\n').map((line) => line.trim()).filter((line) => line.startsWith('at '));
  // Still the stack of the socket's close handler: where the command was made is not known.
  if (frames.some((line) => line.startsWith('at close (') && line.includes('/node_modules/ioredis/'))) return false;
  const issuer = frames.find((line) => !line.includes('/node_modules/ioredis/'));
  if (!issuer) return false;
  return !(issuer.includes(repoRoot) && !issuer.includes('/node_modules/'));
}
