// Reconnect delays: exponential from `baseMs`, capped at `maxMs`, with "equal jitter" so that
// many clients dropped together by a restart do not all come back in the same instant.

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 15_000 };

/** Delay before reconnect attempt `attempt` (0 = first retry); `random` returns [0, 1). */
export function backoffDelay(attempt: number, random: () => number = Math.random, opts = DEFAULT_BACKOFF): number {
  const exp = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(attempt, 30));
  const half = exp / 2;
  return Math.round(half + random() * half);
}
