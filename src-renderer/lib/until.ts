/** Milliseconds until an ISO deadline (negative once past); undefined without one. */
export function msUntil(iso: string | null | undefined, now: number): number | undefined {
  if (!iso) return undefined;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? at - now : undefined;
}
