/**
 * How long a screen waits on the API before it answers from the cache (or says the platform is
 * slow): a clerk at the counter should not stare at a spinner through the client's retries while
 * the link is down.
 */
export const ONLINE_BUDGET_MS = 4_000;

export const onlineBudget = (): AbortSignal => AbortSignal.timeout(ONLINE_BUDGET_MS);
