// What a screen does about a refused request, decided by the reply's code (contracts/errors.ts),
// never by its message: the words may change, the codes are the contract.
import type { ErrorCode } from '@craftwell/contracts/errors';
import { ENGINE_CATALOG } from '@craftwell/contracts/engine-catalog';
import type { ToolName } from '@craftwell/contracts/jobs';

export type ErrorAction =
  /** The month's runs of this tool are used up: show the plan's upgrade hint. */
  | { kind: 'upgrade' }
  /** Too many requests: do not send again before `seconds` have passed (the reply's Retry-After). */
  | { kind: 'back-off'; seconds: number }
  /** The server lacks what this tool needs: tell the person what the operator sets. */
  | { kind: 'configure'; needs: string[] }
  /** Anything else: the message says it all. */
  | { kind: 'show' };

/** Pause when a 429 carries no Retry-After. */
const DEFAULT_BACK_OFF_SECONDS = 5;

/** What an operator sets to give `tool` a hosted engine, from the engine catalog. */
export function configurationNeeds(tool: ToolName): string[] {
  return ENGINE_CATALOG.filter((engine) => engine.tools.includes(tool) && !engine.offline).map((engine) => engine.needs);
}

export function errorAction(reply: { code?: ErrorCode; retryAfter?: number }, tool?: ToolName): ErrorAction {
  switch (reply.code) {
    case 'quota_exceeded':
      return { kind: 'upgrade' };
    case 'rate_limited':
      return { kind: 'back-off', seconds: reply.retryAfter ?? DEFAULT_BACK_OFF_SECONDS };
    case 'not_configured': {
      const needs = tool ? configurationNeeds(tool) : [];
      return needs.length > 0 ? { kind: 'configure', needs } : { kind: 'show' };
    }
    default:
      return { kind: 'show' };
  }
}

/** The sentence that follows a not_configured message: which variables turn the tool on. */
export function configureText(needs: readonly string[]): string {
  return `An administrator can turn it on by setting ${needs.join(', or ')}.`;
}
