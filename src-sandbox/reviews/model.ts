/** A review as the sandbox keeps it (spec §2.3); times are epoch ms of the sandbox clock. */

export const REVIEW_STATUSES = ['CREATED', 'NOT_REPLIED', 'REPLIED', 'PUBLISHED', 'INVALID', 'DISCARDED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export type Visibility = 'PUBLIC' | 'PRIVATE';
export type ReviewVersion = 'v1' | 'v2';

export interface Reply {
  text: string;
  from: 'MERCHANT' | 'CUSTOMER';
  createdAt: number;
}

export interface Question {
  id: string;
  type: 'RATING' | 'CHOICE' | 'BINARY';
  title: string;
  answers: { id: string; title: string }[];
}

export interface ReviewRecord {
  id: string;
  merchantId: string;
  score: number;
  status: ReviewStatus;
  /** When the current status began: the clock rules (triage, 5-day windows) count from here. */
  statusSince: number;
  visibility: Visibility;
  version: ReviewVersion;
  comment?: string;
  customerName: string;
  createdAt: number;
  order: { id: string; shortId: string; createdAt: number };
  questions: Question[];
  surveyId: string;
  replies: Reply[];
  /** The merchant answer sent through the answer route: editable for 10 minutes after `sentAt`. */
  answer?: { replyIndex: number; sentAt: number };
}

const iso = (ms: number) => new Date(ms).toISOString();

function replyView(r: Reply) {
  return { text: r.text, from: r.from, createdAt: iso(r.createdAt) };
}

/** The list shape: no customer name, questions or survey (those are in the single-review response). */
export function listView(r: ReviewRecord) {
  return {
    id: r.id,
    score: r.score,
    status: r.status,
    visibility: r.visibility,
    version: r.version,
    ...(r.comment !== undefined ? { comment: r.comment } : {}),
    createdAt: iso(r.createdAt),
    replies: r.replies.map(replyView),
    order: { id: r.order.id, shortId: r.order.shortId, createdAt: iso(r.order.createdAt) },
  };
}

export function detailView(r: ReviewRecord) {
  return { ...listView(r), customerName: r.customerName, questions: r.questions, surveyId: r.surveyId };
}
