import { stableUuid } from '../seed/ids';
import type { Question, ReviewVersion } from './model';

/**
 * The questionnaire each review version carries (spec §2.3: questions[] and surveyId). Titles are
 * the platform's free text, in Portuguese as its customers read them; ids are uuids made from a
 * fixed key, so a question keeps its id whatever its wording.
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

export const SURVEYS: Record<ReviewVersion, { surveyId: string; questions: Question[] }> = { v1: build('v1'), v2: build('v2') };
