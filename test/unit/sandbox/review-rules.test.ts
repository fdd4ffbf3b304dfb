import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ANSWER_WINDOW_MS, answerVerdict, EDIT_WINDOW_MS, needsAnswer, settle, TRIAGE_MS } from '../../../src-sandbox/reviews/lifecycle';
import type { ReviewRecord } from '../../../src-sandbox/reviews/model';
import { contentProblem } from '../../../src-sandbox/reviews/moderation';
import { pageOf, ReviewListQuery } from '../../../src-sandbox/reviews/query';

const T0 = Date.parse('2025-06-01T12:00:00Z');
const review = (over: Partial<ReviewRecord> = {}): ReviewRecord => ({
  id: 'r',
  merchantId: 'm',
  score: 5,
  status: 'CREATED',
  statusSince: T0,
  visibility: 'PUBLIC',
  version: 'v2',
  customerName: 'Ana',
  createdAt: T0,
  order: { id: 'o', shortId: '1234', createdAt: T0 - 1000 },
  questions: [],
  surveyId: 's',
  replies: [],
  ...over,
});

describe('review moderation', () => {
  it('passes a plain, polite answer', () => {
    assert.equal(contentProblem('Thank you for your feedback, we are sorry about the delay.'), undefined);
    assert.equal(contentProblem('Obrigado pelo retorno! Vamos melhorar o tempo de entrega.'), undefined);
    assert.equal(contentProblem('Order 1234 left at 12:30, sorry for the wait.'), undefined);
  });

  it('flags insults (accents and case folded, plurals too), personal data, links and promotions', () => {
    assert.equal(contentProblem('Que cliente ESTÚPIDO'), 'insult');
    assert.equal(contentProblem('idiots everywhere'), 'insult');
    assert.equal(contentProblem('ligue 11 98765-4321'), 'personal-data');
    assert.equal(contentProblem('CPF 123.456.789-09 confirmed'), 'personal-data');
    assert.equal(contentProblem('mail me: a.b+c@x.com.br'), 'personal-data');
    assert.equal(contentProblem('veja http://x.y'), 'link');
    assert.equal(contentProblem('see cantina.com'), 'link');
    assert.equal(contentProblem('use o cupom VOLTA10'), 'promotion');
    assert.equal(contentProblem('20% off next time'), 'promotion');
  });
});

describe('review status machine', () => {
  it('needs an answer for a low score or any comment', () => {
    assert.equal(needsAnswer({ score: 3 }), true);
    assert.equal(needsAnswer({ score: 5, comment: 'great' }), true);
    assert.equal(needsAnswer({ score: 4, comment: '  ' }), false);
  });

  it('moves at the instant each rule fires, however late it is noticed', () => {
    const r = settle(review({ score: 2 }), T0 + TRIAGE_MS + ANSWER_WINDOW_MS + 99_999);
    assert.equal(r.status, 'PUBLISHED');
    assert.equal(r.statusSince, T0 + TRIAGE_MS + ANSWER_WINDOW_MS);
    assert.equal(settle(review({ score: 2 }), T0 + TRIAGE_MS - 1).status, 'CREATED');
    assert.equal(settle(review({ score: 2 }), T0 + TRIAGE_MS).status, 'NOT_REPLIED');
    assert.equal(settle(review({ comment: 'You idiot' }), T0 + TRIAGE_MS).status, 'INVALID');
  });

  it('accepts an answer only in NOT_REPLIED, an edit only within 10 minutes of sending', () => {
    assert.equal(answerVerdict(review({ status: 'NOT_REPLIED' }), T0).kind, 'answer');
    const replied = review({ status: 'REPLIED', answer: { replyIndex: 0, sentAt: T0 } });
    assert.equal(answerVerdict(replied, T0 + EDIT_WINDOW_MS).kind, 'edit');
    assert.equal(answerVerdict(replied, T0 + EDIT_WINDOW_MS + 1).kind, 'conflict');
    assert.equal(answerVerdict(review({ status: 'REPLIED' }), T0).kind, 'conflict');
    for (const status of ['CREATED', 'PUBLISHED', 'INVALID', 'DISCARDED'] as const) assert.equal(answerVerdict(review({ status }), T0).kind, 'conflict');
  });
});

describe('review list query', () => {
  it('applies defaults and rejects out-of-range values', () => {
    const q = ReviewListQuery.parse({});
    assert.deepEqual(q, { page: 1, pageSize: 10, addCount: false, sort: 'DESC', sortBy: 'CREATED_AT' });
    assert.equal(ReviewListQuery.safeParse({ pageSize: '51' }).success, false);
    assert.equal(ReviewListQuery.safeParse({ dateTo: '2025-01-01T00:00:00' }).success, false);
    assert.equal(ReviewListQuery.safeParse({ dateTo: '2025-01-01T00:00:00+02:00' }).success, true);
  });

  it('filters inclusively, breaks ties by id, and counts pages', () => {
    const rs = ['c', 'a', 'b'].map((id, i) => review({ id, createdAt: T0 + (i === 0 ? 0 : 1000) }));
    const page = pageOf(rs, ReviewListQuery.parse({ sort: 'ASC', pageSize: '2', dateFrom: new Date(T0).toISOString() }));
    assert.deepEqual(
      page.reviews.map((r) => r.id),
      ['c', 'a'],
    );
    assert.equal(page.total, 3);
    assert.equal(page.pageCount, 2);
  });
});
