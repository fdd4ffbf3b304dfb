import { randomInt, randomUUID } from 'node:crypto';
import type { SandboxClock } from '../clock';
import { seedReviews } from '../seed/reviews';
import { answerVerdict, settle } from './lifecycle';
import type { ReviewRecord } from './model';
import type { ContentProblem } from './moderation';
import { NewReview, type NewReviewInput } from './new-review';
import { answeredSurvey } from './survey';

/** Reviews and their answers, with the status machine of spec §3.1 (see lifecycle.ts). */

export const SCORE_WINDOW_MONTHS = 3;

export type AnswerOutcome =
  | { kind: 'answer' | 'edit'; reply: { text: string; createdAt: number } }
  | { kind: 'conflict'; message: string }
  | { kind: 'rejected'; problem: ContentProblem };
const CUSTOMERS = ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Diego Rocha', 'Elisa Prado', 'Felipe Nunes', 'Gabi Torres', 'Hugo Melo'];

export class ReviewsState {
  private reviews = new Map<string, ReviewRecord>();

  constructor(readonly clock: SandboxClock) {
    this.seed();
  }

  /** Back to the seed state (called by World.reset). */
  reset(): void {
    this.reviews = new Map();
    this.seed();
  }

  private seed(): void {
    for (const review of seedReviews(this.clock.now())) this.reviews.set(review.id, review);
  }

  /**
   * Adds a review (control route and scenario generator). Throws a ZodError on invalid input; the
   * caller checks that the merchant exists. Returns the stored record, settled to now.
   */
  create(input: NewReviewInput): ReviewRecord {
    const data = NewReview.parse(input);
    const now = this.clock.now();
    const createdAt = data.createdAt ? Date.parse(data.createdAt) : now;
    const survey = answeredSurvey(data.version, data.score);
    const review: ReviewRecord = {
      id: randomUUID(),
      merchantId: data.merchantId,
      score: data.score,
      status: data.status,
      statusSince: now,
      visibility: data.visibility,
      version: data.version,
      ...(data.comment !== undefined ? { comment: data.comment } : {}),
      customerName: data.customerName ?? CUSTOMERS[randomInt(CUSTOMERS.length)] ?? 'Cliente',
      createdAt,
      order: { id: randomUUID(), shortId: String(randomInt(1000, 10000)), createdAt: createdAt - 90 * 60_000 },
      questions: survey.questions,
      surveyId: survey.surveyId,
      // A REPLIED review made here carries a reply that was not sent through the answer route, so it
      // has no edit window: answering it is a 409 at once.
      replies: data.status === 'REPLIED' ? [{ text: 'Obrigado pela avaliação, esperamos ver você de novo em breve!', from: 'MERCHANT', createdAt: now }] : [],
    };
    this.reviews.set(review.id, review);
    return review;
  }

  /** One review, settled to now. */
  get(reviewId: string): ReviewRecord | undefined {
    const review = this.reviews.get(reviewId);
    return review && settle(review, this.clock.now());
  }

  /** Every review of a store, settled to now. */
  of(merchantId: string): ReviewRecord[] {
    const now = this.clock.now();
    return [...this.reviews.values()].filter((r) => r.merchantId === merchantId).map((r) => settle(r, now));
  }

  /**
   * Records an answer or an edit (the caller has checked the text's length). Order of refusals: the
   * status first (409), then the content (422), so a refused answer never changes the review.
   */
  answer(review: ReviewRecord, text: string, contentCheck: () => ContentProblem | undefined): AnswerOutcome {
    const now = this.clock.now();
    settle(review, now);
    const verdict = answerVerdict(review, now);
    if (verdict.kind === 'conflict') return verdict;
    const problem = contentCheck();
    if (problem) return { kind: 'rejected', problem };
    if (verdict.kind === 'edit' && review.answer) {
      const reply = review.replies[review.answer.replyIndex];
      if (reply) reply.text = text;
      return { kind: 'edit', reply: { text, createdAt: review.answer.sentAt } };
    }
    review.replies.push({ text, from: 'MERCHANT', createdAt: now });
    review.answer = { replyIndex: review.replies.length - 1, sentAt: now };
    review.status = 'REPLIED';
    review.statusSince = now;
    return { kind: 'answer', reply: { text, createdAt: now } };
  }

  /** Spec §2.3: valid = PUBLISHED, PUBLIC, created in the last 3 months; score = their mean. */
  summary(merchantId: string): { totalReviewsCount: number; validReviewsCount: number; score: number | null } {
    const all = this.of(merchantId);
    const windowStart = new Date(this.clock.now());
    windowStart.setUTCMonth(windowStart.getUTCMonth() - SCORE_WINDOW_MONTHS);
    const valid = all.filter((r) => r.status === 'PUBLISHED' && r.visibility === 'PUBLIC' && r.createdAt >= windowStart.getTime());
    const mean = valid.length > 0 ? valid.reduce((sum, r) => sum + r.score, 0) / valid.length : null;
    return {
      totalReviewsCount: all.length,
      validReviewsCount: valid.length,
      score: mean === null ? null : Math.round(mean * 100) / 100,
    };
  }
}
