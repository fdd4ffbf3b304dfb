import { TRIAGE_MS } from '../reviews/lifecycle';
import type { Reply, ReviewRecord, ReviewStatus, ReviewVersion, Visibility } from '../reviews/model';
import { answeredSurvey } from '../reviews/survey';
import { stableUuid } from './ids';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from './stores';

/**
 * Seeded reviews, relative to the clock at seed time: every store gets reviews in every status,
 * some v1, some PRIVATE, some older than the 3-month score window. Ids are stable.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

interface Template {
  age: number;
  score: number;
  status: ReviewStatus;
  comment?: (topic: string) => string;
  visibility?: Visibility;
  version?: ReviewVersion;
  /** How long ago the merchant answered (REPLIED, or PUBLISHED after a reply). */
  answeredAgo?: number;
  customerReply?: string;
}

const TEMPLATES: Template[] = [
  { age: 1 * MIN, score: 5, status: 'CREATED' },
  { age: 2 * MIN, score: 2, status: 'CREATED', comment: (t) => `Demorou muito para chegar e a ${t} veio morna.` },
  { age: 2 * HOUR, score: 2, status: 'NOT_REPLIED', comment: (t) => `A ${t} chegou fria.` },
  { age: 1 * DAY, score: 4, status: 'NOT_REPLIED', comment: (t) => `A ${t} estava muito boa, mas faltaram os guardanapos.` },
  { age: 4 * DAY + 20 * HOUR, score: 3, status: 'NOT_REPLIED', comment: () => 'Normal, nada de especial.' },
  { age: 2 * DAY, score: 3, status: 'REPLIED', comment: (t) => `A ${t} estava boa, mas a porção era pequena.`, answeredAgo: 1 * DAY },
  { age: 6 * HOUR, score: 1, status: 'REPLIED', comment: () => 'Meu pedido veio incompleto.', answeredAgo: 5 * HOUR },
  {
    age: 10 * DAY,
    score: 5,
    status: 'PUBLISHED',
    comment: (t) => `A melhor ${t} do bairro!`,
    answeredAgo: 9 * DAY,
    customerReply: 'Obrigado, até a semana que vem!',
  },
  { age: 20 * DAY, score: 4, status: 'PUBLISHED' },
  { age: 15 * DAY, score: 2, status: 'PUBLISHED', comment: () => 'A embalagem estava vazando.', visibility: 'PRIVATE' },
  { age: 40 * DAY, score: 5, status: 'PUBLISHED', comment: (t) => `Sempre uma ótima ${t}.`, version: 'v1' },
  { age: 120 * DAY, score: 1, status: 'PUBLISHED', comment: () => 'Nunca chegou.' },
  { age: 200 * DAY, score: 3, status: 'PUBLISHED', version: 'v1' },
  { age: 8 * DAY, score: 1, status: 'INVALID', comment: () => 'Atendimento de merda.' },
  { age: 12 * DAY, score: 5, status: 'DISCARDED', comment: () => 'teste teste' },
];

/** What the store's customers write about, in their language: a feminine noun the comments agree with. */
const STORES: { id: string; topic: string }[] = [
  { id: DEMO_RESTAURANT_ID, topic: 'lasanha' },
  { id: DEMO_GROCERY_ID, topic: 'fruta' },
  { id: DEMO_PIZZERIA_ID, topic: 'pizza' },
  { id: OTHER_BAKERY_ID, topic: 'torta' },
];

const NAMES = [
  'Ana Souza',
  'Bruno Lima',
  'Carla Dias',
  'Diego Rocha',
  'Elisa Prado',
  'Felipe Nunes',
  'Gabi Torres',
  'Hugo Melo',
  'Iara Campos',
  'João Pires',
  'Karina Luz',
  'Lucas Braga',
  'Marta Reis',
  'Nina Alves',
  'Otávio Cruz',
];

/** When the current status began, so the lazy machine keeps the seeded status for its remaining time. */
function statusSince(t: Template, createdAt: number, now: number): number {
  if (t.status === 'CREATED') return createdAt;
  if (t.status === 'REPLIED' && t.answeredAgo !== undefined) return now - t.answeredAgo;
  return createdAt + TRIAGE_MS;
}

export function seedReviews(now: number): ReviewRecord[] {
  return STORES.flatMap((store, s) =>
    TEMPLATES.map((t, i): ReviewRecord => {
      const createdAt = now - t.age;
      const version = t.version ?? 'v2';
      const replies: Reply[] = [];
      if (t.answeredAgo !== undefined)
        replies.push({ text: 'Obrigado por nos avisar, estamos verificando o que aconteceu.', from: 'MERCHANT', createdAt: now - t.answeredAgo });
      if (t.customerReply && t.answeredAgo !== undefined) replies.push({ text: t.customerReply, from: 'CUSTOMER', createdAt: now - t.answeredAgo + HOUR });
      const survey = answeredSurvey(version, t.score);
      return {
        id: stableUuid(`review/${store.id}/${i}`),
        merchantId: store.id,
        score: t.score,
        status: t.status,
        statusSince: statusSince(t, createdAt, now),
        visibility: t.visibility ?? 'PUBLIC',
        version,
        ...(t.comment ? { comment: t.comment(store.topic) } : {}),
        customerName: NAMES[(i + s * 4) % NAMES.length] ?? 'Cliente',
        createdAt,
        order: { id: stableUuid(`review-order/${store.id}/${i}`), shortId: String(1000 + s * 1000 + i * 37).padStart(4, '0'), createdAt: createdAt - 2 * HOUR },
        questions: survey.questions,
        surveyId: survey.surveyId,
        replies,
        ...(t.answeredAgo !== undefined && t.status === 'REPLIED' ? { answer: { replyIndex: 0, sentAt: now - t.answeredAgo } } : {}),
      };
    }),
  );
}
