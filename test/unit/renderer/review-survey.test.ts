import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from 'svelte/server';
import type { Review } from '../../../src-shared/wire/review';
import { createTerminal, terminalContext } from '../../../src-renderer/app/terminal';
import ReviewSurvey from '../../../src-renderer/reviews/ReviewSurvey.svelte';
import { surveyLines } from '../../../src-renderer/reviews/review-logic';
import { fakeBridge } from '../../support/app/fake-bridge';

/** A review's survey as the platform sends it: each question with the answers its customer gave. */
const QUESTIONS: NonNullable<Review['questions']> = [
  { id: 'q-rating', type: 'RATING', title: 'Como foi o seu pedido?', answers: [{ id: 'a-2', title: '2' }] },
  {
    id: 'q-choice',
    type: 'CHOICE',
    title: 'O que mais chamou sua atenção?',
    answers: [
      { id: 'a-pack', title: 'Embalagem' },
      { id: 'a-time', title: 'Tempo de entrega' },
    ],
  },
  { id: 'q-again', type: 'BINARY', title: 'Você pediria de novo?', answers: [{ id: 'a-no', title: 'Não' }] },
  { id: 'q-skipped', type: 'CHOICE', title: 'Algo mais?', answers: [] },
];

describe("the review's survey lights up the customer's answers", () => {
  it('draws a rating on its 1–5 scale with the customer’s step, and keeps the other answers as the customer gave them', () => {
    assert.deepEqual(surveyLines(QUESTIONS), [
      { kind: 'scale', id: 'q-rating', question: 'Como foi o seu pedido?', chosen: 2, steps: 5 },
      { kind: 'choices', id: 'q-choice', question: 'O que mais chamou sua atenção?', chosen: ['Embalagem', 'Tempo de entrega'] },
      { kind: 'choices', id: 'q-again', question: 'Você pediria de novo?', chosen: ['Não'] },
      { kind: 'choices', id: 'q-skipped', question: 'Algo mais?', chosen: [] },
    ]);
  });

  it('a rating that is no step of the scale (words, or several answers) is shown as words, never guessed', () => {
    const words = surveyLines([{ id: 'r', type: 'RATING', title: 'Nota', answers: [{ id: 'x', title: 'Ótimo' }] }]);
    assert.deepEqual(words, [{ kind: 'choices', id: 'r', question: 'Nota', chosen: ['Ótimo'] }]);
    const many = surveyLines([
      {
        id: 'r',
        type: 'RATING',
        title: 'Nota',
        answers: [
          { id: '4', title: '4' },
          { id: '5', title: '5' },
        ],
      },
    ]);
    assert.equal(many[0]?.kind, 'choices');
    assert.equal(surveyLines([{ id: 'r', type: 'RATING', title: 'Nota', answers: [{ id: '9', title: '9' }] }])[0]?.kind, 'choices');
    assert.deepEqual(surveyLines(null), []);
  });

  it('on screen: the customer’s step and answers are marked chosen, the rest of the scale is not, a skipped question says so', () => {
    const terminal = createTerminal(fakeBridge(), { notifier: { notify: () => {} } });
    const { body } = render(ReviewSurvey, { props: { questions: QUESTIONS }, context: terminalContext(terminal) });
    assert.match(body, /O que o cliente respondeu/);
    const steps = [...body.matchAll(/<span class="step[^"]*"[^>]*data-chosen="(true|false)"[^>]*>(\d)<\/span>/g)].map((m) => [m[2], m[1]]);
    assert.deepEqual(steps, [
      ['1', 'false'],
      ['2', 'true'],
      ['3', 'false'],
      ['4', 'false'],
      ['5', 'false'],
    ]);
    assert.match(body, /aria-label="2 de 5"/);
    const chosen = [...body.matchAll(/data-testid="survey-answer"[^>]*>([^<]+)</g)].map((m) => m[1]?.trim());
    assert.deepEqual(chosen, ['2', '✓ Embalagem', '✓ Tempo de entrega', '✓ Não']);
    assert.match(body, /sem resposta/);

    terminal.i18n.setLocale('en');
    const english = render(ReviewSurvey, { props: { questions: QUESTIONS }, context: terminalContext(terminal) }).body;
    assert.match(english, /What the customer answered/);
    assert.match(english, /aria-label="2 out of 5"/);
    assert.match(english, /no answer/);
  });

  it('shows nothing for a review without a survey (a list row read before its detail)', () => {
    const terminal = createTerminal(fakeBridge(), { notifier: { notify: () => {} } });
    assert.doesNotMatch(render(ReviewSurvey, { props: { questions: undefined }, context: terminalContext(terminal) }).body, /review-survey/);
  });
});
