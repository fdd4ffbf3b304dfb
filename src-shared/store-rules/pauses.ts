/**
 * The rules of a store pause (interruption, spec §2.4, §4.4, §8), checked before the request is
 * sent, by the screen (to say what is wrong while the clerk types) and by the main process (the
 * renderer is untrusted). The platform checks them again; its answer still wins.
 */

export const PAUSE_MIN_MS = 60_000;
export const PAUSE_MAX_MS = 7 * 24 * 3600_000;
export const PAUSE_DESCRIPTION_MAX = 255;

/** The large buttons of "Pausar loja", in minutes. */
export const QUICK_PAUSE_MINUTES = [15, 30, 60, 120] as const;

export type PauseProblem =
  'description-empty' | 'description-too-long' | 'invalid-date' | 'end-before-start' | 'too-short' | 'too-long' | 'already-ended' | 'overlap';

export interface PauseDraft {
  description: string;
  startMs: number;
  endMs: number;
}

export interface PauseLike {
  start: string;
  end: string;
}

/** The first rule the pause breaks, or null. `existing` are the store's active and future pauses. */
export function checkPause(draft: PauseDraft, nowMs: number, existing: readonly PauseLike[] = []): PauseProblem | null {
  const description = draft.description.trim();
  if (description === '') return 'description-empty';
  if (description.length > PAUSE_DESCRIPTION_MAX) return 'description-too-long';
  if (!Number.isFinite(draft.startMs) || !Number.isFinite(draft.endMs)) return 'invalid-date';
  if (!(draft.startMs < draft.endMs)) return 'end-before-start';
  const length = draft.endMs - draft.startMs;
  if (length < PAUSE_MIN_MS) return 'too-short';
  if (length > PAUSE_MAX_MS) return 'too-long';
  if (draft.endMs <= nowMs) return 'already-ended';
  if (overlappingPause(draft, existing)) return 'overlap';
  return null;
}

/** The pause the draft overlaps (touching is not overlapping), if any. */
export function overlappingPause<P extends PauseLike>(draft: Pick<PauseDraft, 'startMs' | 'endMs'>, existing: readonly P[]): P | undefined {
  return existing.find((p) => Date.parse(p.start) < draft.endMs && draft.startMs < Date.parse(p.end));
}

/** The pause in force at `nowMs`, if any. */
export function activePause<P extends PauseLike>(pauses: readonly P[], nowMs: number): P | undefined {
  return pauses.find((p) => Date.parse(p.start) <= nowMs && nowMs < Date.parse(p.end));
}
