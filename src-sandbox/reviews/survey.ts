import { stableUuid } from '../seed/ids';
import type { Question, ReviewVersion } from './model';

/**
 * The questionnaire each review version carries (spec §2.3: questions[] and surveyId). Titles are
 * the platform's free text, in Portuguese as its customers read them; ids are uuids made from a
 * fixed key, so a question keeps its id whatever its wording. A review carries each question with
 * the customer's own answers (`answeredSurvey`), never the whole list of possible ones.
 */

interface QuestionSpec {
  key: string;
  type: Question['type'];
  title: string;
  answers: readonly (readonly [key: string, title: string])[];
}

const RATING: QuestionSpec = {
  key: 'overall',
  type: 'RATING',
  title: 'Como foi o seu pedido?',
  answers: ['1', '2', '3', '4', '5'].map((n) => [n, n] as const),
};

const HIGHLIGHTS: QuestionSpec = {
  key: 'highlights',
  type: 'CHOICE',
  title: 'O que mais chamou sua atenção?',
  answers: [
    ['taste', 'Sabor'],
    ['packaging', 'Embalagem'],
    ['portion', 'Tamanho da porção'],
    ['delivery-time', 'Tempo de entrega'],
  ],
};

const AGAIN: QuestionSpec = {
  key: 'order-again',
  type: 'BINARY',
  title: 'Você pediria de novo?',
  answers: [
    ['yes', 'Sim'],
    ['no', 'Não'],
  ],
};

function build(version: ReviewVersion): { surveyId: string; questions: Question[] } {
  const survey = `reviews-${version}`;
  const question = (spec: QuestionSpec): Question => ({
    id: stableUuid(`survey/${survey}/question/${spec.key}`),
    type: spec.type,
    title: spec.title,
    answers: spec.answers.map(([key, title]) => ({ id: stableUuid(`survey/${survey}/question/${spec.key}/answer/${key}`), title })),
  });
  const questions = [question(RATING), question(HIGHLIGHTS)];
  if (version === 'v2') questions.push(question(AGAIN));
  return { surveyId: stableUuid(`survey/${survey}`), questions };
}

const SURVEYS: Record<ReviewVersion, { surveyId: string; questions: Question[] }> = { v1: build('v1'), v2: build('v2') };

/** What a customer who gave this score picked in "what stood out" (a low score names what went wrong). */
const HIGHLIGHTS_BY_SCORE: Record<number, readonly string[]> = {
  1: ['Tempo de entrega', 'Embalagem'],
  2: ['Embalagem'],
  3: ['Tamanho da porção'],
  4: ['Sabor'],
  5: ['Sabor', 'Tamanho da porção'],
};

/**
 * The survey as one review carries it: each question with the answers this customer gave, agreeing
 * with the review's score (the rating is the score, "order again" is yes from 3 up). Ids are the
 * questionnaire's, so the same answer has the same id on every review.
 */
export function answeredSurvey(version: ReviewVersion, score: number): { surveyId: string; questions: Question[] } {
  const survey = SURVEYS[version];
  const rating = Math.min(5, Math.max(1, Math.round(score)));
  const picked: Record<Question['type'], (title: string) => boolean> = {
    RATING: (title) => title === String(rating),
    CHOICE: (title) => (HIGHLIGHTS_BY_SCORE[rating] ?? []).includes(title),
    BINARY: (title) => title === (rating >= 3 ? 'Sim' : 'Não'),
  };
  return {
    surveyId: survey.surveyId,
    questions: survey.questions.map((q) => ({ ...q, answers: q.answers.filter((a) => picked[q.type](a.title)) })),
  };
}
