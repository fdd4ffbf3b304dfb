import { z } from 'zod';

/**
 * Interruptions (pauses) of a store (spec §2.4, §4.4): description at most 255 characters, start
 * before end, duration from 1 minute to 7 days, never overlapping another interruption of the store
 * that has not ended. An interruption must end in the future (a pause wholly in the past pauses
 * nothing); it may start in the past, so "pause now" survives a little clock skew.
 */

export const MIN_INTERRUPTION_MS = 60_000;
export const MAX_INTERRUPTION_MS = 7 * 24 * 3600_000;

export const InterruptionInput = z.object({
  description: z.string().max(255, 'a descrição tem no máximo 255 caracteres'),
  start: z.iso.datetime({ offset: true, error: 'start deve ser data e hora ISO 8601 com fuso' }),
  end: z.iso.datetime({ offset: true, error: 'end deve ser data e hora ISO 8601 com fuso' }),
});
export type InterruptionInput = z.infer<typeof InterruptionInput>;

export interface Interruption {
  id: string;
  description: string;
  start: string;
  end: string;
}

export type InterruptionVerdict =
  { ok: true; startMs: number; endMs: number } | { ok: false; kind: 'invalid'; message: string } | { ok: false; kind: 'overlap'; message: string };

/** Checks the time rules of a new interruption against the store's existing ones. */
export function checkInterruption(input: InterruptionInput, existing: readonly Interruption[], nowMs: number): InterruptionVerdict {
  const startMs = Date.parse(input.start);
  const endMs = Date.parse(input.end);
  if (!(startMs < endMs)) return { ok: false, kind: 'invalid', message: 'start deve ser anterior a end' };
  const duration = endMs - startMs;
  if (duration < MIN_INTERRUPTION_MS) return { ok: false, kind: 'invalid', message: 'uma interrupção dura no mínimo 1 minuto' };
  if (duration > MAX_INTERRUPTION_MS) return { ok: false, kind: 'invalid', message: 'uma interrupção dura no máximo 7 dias' };
  if (endMs <= nowMs) return { ok: false, kind: 'invalid', message: 'end deve estar no futuro' };
  const clash = existing.find((i) => Date.parse(i.start) < endMs && startMs < Date.parse(i.end));
  if (clash) return { ok: false, kind: 'overlap', message: `sobrepõe a interrupção ${clash.id} (${clash.start} a ${clash.end})` };
  return { ok: true, startMs, endMs };
}

export function isActive(interruption: Interruption, nowMs: number): boolean {
  return Date.parse(interruption.start) <= nowMs && nowMs < Date.parse(interruption.end);
}

export function hasEnded(interruption: Interruption, nowMs: number): boolean {
  return Date.parse(interruption.end) <= nowMs;
}
