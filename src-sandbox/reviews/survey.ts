import { stableUuid } from '../seed/ids';
import type { Question, ReviewVersion } from './model';

/** The questionnaire each review version carries (spec §2.3: questions[] and surveyId). */

const answer = (survey: string, title: string) => ({ id: stableUuid(`survey/${survey}/answer/${title}`), title });

function build(version: ReviewVersion): { surveyId: string; questions: Question[] } {
  const survey = `reviews-${version}`;
  const question = (type: Question['type'], title: string, answers: string[]): Question => ({
    id: stableUuid(`survey/${survey}/question/${title}`),
    type,
    title,
    answers: answers.map((a) => answer(survey, a)),
  });
  const questions = [
    question('RATING', 'How was your order?', ['1', '2', '3', '4', '5']),
    question('CHOICE', 'What stood out?', ['Taste', 'Packaging', 'Portion size', 'Delivery time']),
  ];
  if (version === 'v2') questions.push(question('BINARY', 'Would you order again?', ['Yes', 'No']));
  return { surveyId: stableUuid(`survey/${survey}`), questions };
}

export const SURVEYS: Record<ReviewVersion, { surveyId: string; questions: Question[] }> = { v1: build('v1'), v2: build('v2') };
