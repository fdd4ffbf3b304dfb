import { SvelteMap } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import type { AnswerOutcome, ReviewList } from '../../src-shared/ipc/channels/reviews';
import type { Review, ReviewAnswer, ReviewSummary } from '../../src-shared/wire/review';
import type { Bridge, IpcResult } from '../../src-shared/ipc/contract';
import type { Now } from '../lib/now.svelte';
import { Read } from '../lib/reads.svelte';
import type { StoreActionsState } from '../store-actions/store-actions-state.svelte';
import {
  answerMode,
  DEFAULT_FILTERS,
  hasDates,
  listInput,
  nextFilters,
  rangeInverted,
  reconcileAnswered,
  withAnswer,
  type AnswerMode,
  type ReviewFilters,
} from './review-logic';

/** Rows asked per page (the API allows up to 50; 20 keep the first paint quick on a counter PC). */
export const PAGE_SIZE = 20;
/** The navigation badge re-reads the awaiting count this often (reviews arrive slowly). */
const BADGE_REFRESH_MS = 5 * 60_000;

export type AnswerResult =
  | { kind: 'sent'; edited: boolean }
  | { kind: 'refused'; reason: string | null; message: string }
  /** Offline: the answer waits in the store outbox and is sent once the platform can be reached. */
  | { kind: 'queued' }
  | { kind: 'error'; error: ErrorInfo; mode: AnswerMode };

/** What the list takes from a page read (an empty period is an empty page, not asked for). */
type ListPage = Pick<ReviewList, 'filter' | 'page' | 'total' | 'pageCount' | 'reviews' | 'complete'>;

/** What this terminal sent: the platform's answer, and when (this terminal's clock) it was first sent. */
interface SentAnswer {
  answer: ReviewAnswer;
  firstSentAt?: number;
}

/**
 * The reviews of the selected store: summary, the filtered list page by page, the open review and
 * its answer. Nothing is pushed for reviews, so the screen reads on open, on filter changes, after
 * an answer, and when staff press refresh.
 */
export class ReviewsState {
  #merchantId = $state<string | null>(null);
  #filters = $state<ReviewFilters>({ ...DEFAULT_FILTERS });

  #summary = $state<ReviewSummary | null>(null);
  readonly #summaryRead = new Read();

  #reviews = $state<Review[]>([]);
  #total = $state(0);
  #page = $state(0);
  #pageCount = $state(0);
  #complete = $state(true);
  /** The list's read: page 1 again or the next page; the read asked last owns the list. */
  readonly #listRead = new Read();

  #awaitingCount = $state<number | null>(null);
  private badgeMerchantId: string | null = null;
  private badgeTimer: ReturnType<typeof setInterval> | undefined;

  #selectedId = $state<string | null>(null);
  #detail = $state<Review | null>(null);
  readonly #detailRead = new Read();
  #sending = $state(false);
  readonly #sent = new SvelteMap<string, SentAnswer>();

  readonly inverted = $derived(rangeInverted(this.#filters));
  readonly hasMore = $derived(this.#listRead.loaded && this.#page < this.#pageCount);

  constructor(
    private readonly bridge: Bridge,
    private readonly now: Now,
    private readonly storeActions: Pick<StoreActionsState, 'remember'> = { remember: () => {} },
  ) {}

  get merchantId(): string | null {
    return this.#merchantId;
  }
  get filters(): ReviewFilters {
    return this.#filters;
  }
  get summary(): ReviewSummary | null {
    return this.#summary;
  }
  get summaryError(): ErrorInfo | null {
    return this.#summaryRead.error;
  }
  get summaryLoading(): boolean {
    return this.#summaryRead.loading;
  }
  get reviews(): Review[] {
    return this.#reviews;
  }
  get total(): number {
    return this.#total;
  }
  get complete(): boolean {
    return this.#complete;
  }
  get listLoading(): boolean {
    return this.#listRead.loading;
  }
  get listLoaded(): boolean {
    return this.#listRead.loaded;
  }
  get listError(): ErrorInfo | null {
    return this.#listRead.error;
  }
  /** Reviews of the badge's store awaiting an answer; null until known. */
  get awaitingCount(): number | null {
    return this.#awaitingCount;
  }
  get selectedId(): string | null {
    return this.#selectedId;
  }
  get detail(): Review | null {
    return this.#detail;
  }
  get detailError(): ErrorInfo | null {
    return this.#detailRead.error;
  }
  get sending(): boolean {
    return this.#sending;
  }

  /**
   * The screen shows this store (the selected one) and reads it again: another store starts from a
   * blank screen, the same store keeps what is shown while the fresh read runs.
   */
  show(merchantId: string | null): void {
    if (merchantId !== this.#merchantId) {
      this.#merchantId = merchantId;
      this.#summary = null;
      this.#summaryRead.reset();
      this.#reviews = [];
      this.#listRead.reset();
      this.closeReview();
    }
    void this.refresh();
  }

  async refresh(): Promise<void> {
    await Promise.all([this.loadSummary(), this.loadList(false), this.refreshBadge()]);
  }

  async loadSummary(): Promise<void> {
    const merchantId = this.#merchantId;
    if (!merchantId) return;
    const summary = await this.#summaryRead.run(() => this.bridge['reviews:summary']({ merchantId }));
    if (summary) this.#summary = summary;
  }

  /** Page 1 again (`append` false), or the next page added below (`append` true). */
  async loadList(append: boolean): Promise<void> {
    const merchantId = this.#merchantId;
    if (!merchantId) return;
    const page = append ? this.#page + 1 : 1;
    // An empty period: nothing to ask the platform, an empty page is the answer.
    const value = await this.#listRead.run((): Promise<IpcResult<ListPage>> =>
      this.inverted
        ? Promise.resolve({ ok: true, value: { filter: this.#filters.filter, page: 1, total: 0, pageCount: 0, reviews: [], complete: true } })
        : this.bridge['reviews:list'](listInput(merchantId, this.#filters, page, PAGE_SIZE, this.now.read())),
    );
    if (!value) return;
    const rows = value.reviews.map((r) => reconcileAnswered(r, this.#sent.get(r.id)?.answer));
    this.#reviews = append ? [...this.#reviews.filter((r) => !rows.some((n) => n.id === r.id)), ...rows] : rows;
    this.#total = value.total;
    this.#page = value.page;
    this.#pageCount = value.pageCount;
    this.#complete = value.complete;
    if (value.filter === 'awaiting' && !hasDates(this.#filters, this.now.read()) && value.complete && merchantId === this.badgeMerchantId) {
      this.#awaitingCount = value.total;
    }
  }

  loadMore(): Promise<void> {
    return this.loadList(true);
  }

  setFilters(patch: Partial<ReviewFilters>): void {
    this.#filters = nextFilters(this.#filters, patch);
    void this.loadList(false);
  }

  async openReview(reviewId: string): Promise<void> {
    this.#selectedId = reviewId;
    this.#detail = this.#reviews.find((r) => r.id === reviewId) ?? null;
    this.#detailRead.reset();
    await this.loadDetail();
  }

  closeReview(): void {
    this.#detailRead.reset();
    this.#selectedId = null;
    this.#detail = null;
  }

  async loadDetail(): Promise<void> {
    const merchantId = this.#merchantId;
    const selectedId = this.#selectedId;
    if (!merchantId || !selectedId) return;
    const review = await this.#detailRead.run(() => this.bridge['reviews:detail']({ merchantId, reviewId: selectedId }));
    if (!review) return;
    this.#detail = reconcileAnswered(review, this.#sent.get(selectedId)?.answer);
    this.replaceRow(this.#detail);
  }

  /** What the open review allows now (answer, edit within 10 minutes, nothing). */
  modeOf(review: Review, nowMs: number): AnswerMode {
    return answerMode(review, nowMs, this.#sent.get(review.id)?.firstSentAt);
  }

  /** Until when (this terminal's clock) the open review's answer can be edited. */
  firstSentAt(reviewId: string): number | undefined {
    return this.#sent.get(reviewId)?.firstSentAt;
  }

  async sendAnswer(text: string): Promise<AnswerResult> {
    const merchantId = this.#merchantId;
    const detail = this.#detail;
    if (!merchantId || !detail) return { kind: 'error', error: { code: 'bad-input', message: 'no review open' }, mode: 'closed' };
    const startedAt = this.now.read();
    const mode = this.modeOf(detail, startedAt);
    this.#sending = true;
    let result;
    try {
      result = await this.bridge['reviews:answer']({ merchantId, reviewId: detail.id, text: text.trim() });
    } finally {
      this.#sending = false;
    }
    if (!result.ok) {
      // The review moved on (published, window over) or vanished: show it as it is now.
      if (result.error.code === 'conflict' || result.error.code === 'not-found') void this.loadDetail();
      return { kind: 'error', error: result.error, mode };
    }
    return this.applyOutcome(detail, result.value, mode, startedAt);
  }

  private applyOutcome(review: Review, outcome: AnswerOutcome, mode: AnswerMode, startedAt: number): AnswerResult {
    if (outcome.outcome === 'refused') return { kind: 'refused', reason: outcome.reason, message: outcome.message };
    if (outcome.outcome === 'queued') {
      this.storeActions.remember(outcome.action);
      return { kind: 'queued' };
    }
    const before = this.#sent.get(review.id);
    const firstSentAt = mode === 'answer' ? startedAt : before?.firstSentAt;
    this.#sent.set(review.id, { answer: outcome.answer, ...(firstSentAt === undefined ? {} : { firstSentAt }) });
    const answered = withAnswer(review, outcome.answer);
    if (this.#selectedId === review.id) this.#detail = answered;
    this.replaceRow(answered);
    if (mode === 'answer' && this.#awaitingCount !== null) this.#awaitingCount = Math.max(0, this.#awaitingCount - 1);
    void this.loadDetail();
    void this.refreshBadge();
    return { kind: 'sent', edited: mode === 'edit' };
  }

  private replaceRow(review: Review): void {
    const index = this.#reviews.findIndex((r) => r.id === review.id);
    if (index >= 0) this.#reviews[index] = review;
  }

  /** Keeps the navigation badge's count for this store current (the reviews screen need not be open). */
  watchBadge(merchantId: string | null): void {
    if (merchantId === this.badgeMerchantId && this.badgeTimer) return;
    this.badgeMerchantId = merchantId;
    this.#awaitingCount = null;
    clearInterval(this.badgeTimer);
    this.badgeTimer = setInterval(() => void this.refreshBadge(), BADGE_REFRESH_MS);
    void this.refreshBadge();
  }

  async refreshBadge(): Promise<void> {
    const merchantId = this.badgeMerchantId;
    if (!merchantId) return;
    const result = await this.bridge['reviews:list']({ merchantId, filter: 'awaiting', pageSize: 1 });
    if (merchantId !== this.badgeMerchantId || !result.ok) return;
    this.#awaitingCount = result.value.total;
  }
}
