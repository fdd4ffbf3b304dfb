import type { ReviewRecord, ReviewStatus } from './model';
import { violatesGuidelines } from './moderation';

/**
 * The review status machine (spec §3.1), evaluated lazily from the clock on every access:
 *   CREATED → (triage, TRIAGE_MS after it began) → INVALID when the comment insults,
 *             NOT_REPLIED when the review needs an answer (score 3 or less, or a comment),
 *             PUBLISHED otherwise;
 *   NOT_REPLIED → PUBLISHED after 5 days without an answer;
 *   REPLIED → PUBLISHED 5 days after the answer (the customer's reaction window);
 *   PUBLISHED, INVALID, DISCARDED are final.
 * Each move happens at the instant its rule fires (statusSince), not at the instant it is noticed,
 * so the result does not depend on when anyone looked.
 */

export const TRIAGE_MS = 3 * 60_000;
export const ANSWER_WINDOW_MS = 5 * 24 * 3600_000;
export const REACTION_WINDOW_MS = 5 * 24 * 3600_000;
export const EDIT_WINDOW_MS = 10 * 60_000;

export function needsAnswer(review: Pick<ReviewRecord, 'score' | 'comment'>): boolean {
  return review.score <= 3 || (review.comment?.trim().length ?? 0) > 0;
}

function next(review: ReviewRecord): { status: ReviewStatus; at: number } | undefined {
  switch (review.status) {
    case 'CREATED': {
      const at = review.statusSince + TRIAGE_MS;
      if (violatesGuidelines(review.comment)) return { status: 'INVALID', at };
      return { status: needsAnswer(review) ? 'NOT_REPLIED' : 'PUBLISHED', at };
    }
    case 'NOT_REPLIED':
      return { status: 'PUBLISHED', at: review.statusSince + ANSWER_WINDOW_MS };
    case 'REPLIED':
      return { status: 'PUBLISHED', at: review.statusSince + REACTION_WINDOW_MS };
    default:
      return undefined;
  }
}

/** Applies every move whose time has come. Mutates: the clock never goes back. */
export function settle(review: ReviewRecord, nowMs: number): ReviewRecord {
  for (let move = next(review); move && move.at <= nowMs; move = next(review)) {
    review.status = move.status;
    review.statusSince = move.at;
  }
  return review;
}

export type AnswerVerdict = { kind: 'answer' } | { kind: 'edit' } | { kind: 'conflict'; message: string };

/** Whether an answer posted now is a first answer, an edit within 10 minutes, or a 409. */
export function answerVerdict(review: ReviewRecord, nowMs: number): AnswerVerdict {
  if (review.status === 'NOT_REPLIED') return { kind: 'answer' };
  if (review.status === 'REPLIED' && review.answer && nowMs - review.answer.sentAt <= EDIT_WINDOW_MS) return { kind: 'edit' };
  if (review.status === 'REPLIED') return { kind: 'conflict', message: 'avaliação já respondida; o prazo de 10 minutos para editar terminou' };
  return { kind: 'conflict', message: `o status da avaliação é ${review.status}; só NOT_REPLIED aceita resposta` };
}
