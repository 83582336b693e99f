/**
 * In test processes every ioredis client (ours and the ones BullMQ makes from them) records where
 * each command was issued (ioredis' showFriendlyErrorStack), so a command that fails shows its
 * caller rather than ioredis' socket handler. vitest.config.ts reads that stack to tell a command
 * our code issued and never awaited from one a library issued for itself (see there).
 */
import { Redis } from 'ioredis';

(Redis as unknown as { defaultOptions: { showFriendlyErrorStack?: boolean } }).defaultOptions.showFriendlyErrorStack = true;
