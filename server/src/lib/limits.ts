import { DomainError } from './errors.js';

/** What a keyed limit answers: allowed, or refused with the seconds until the window ends. */
export interface LimitAnswer {
  allowed: boolean;
  retryInSeconds: number;
}

/** Counts one use of `key` against a limit and says whether it is still within it. */
export type KeyedLimit = (key: string) => Promise<LimitAnswer>;

/** "45 seconds", "1 minute", "12 minutes": how long to wait, as a person would say it. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Counts one use against each limit in turn (stopping at the first refusal) and throws a 429 whose
 * message says what was refused and when to try again; `retry_after_seconds` carries the wait.
 */
export async function withinLimits(
  checks: readonly { limit: KeyedLimit; key: string; refusal: string }[],
): Promise<void> {
  for (const { limit, key, refusal } of checks) {
    const answer = await limit(key);
    if (!answer.allowed) {
      throw new DomainError('too_many', `${refusal} Please try again in ${waitText(answer.retryInSeconds)}.`, {
        extra: { retry_after_seconds: answer.retryInSeconds },
      });
    }
  }
}
