import type { SeededRandom } from '../orders/random';
import { seedCustomerNames } from '../seed/orders-seed';
import type { World } from '../world';

/** A customer review for a demo store, mostly happy, now and then not (through ReviewsState.create). */
const COMMENTS: readonly [score: number, comment: string][] = [
  [5, 'Chegou quentinho e muito bem embalado. Voltarei a pedir!'],
  [5, 'Tudo perfeito, entrega rápida.'],
  [4, 'Muito bom, só demorou um pouco mais que o previsto.'],
  [4, 'Gostei bastante, porção generosa.'],
  [3, 'Comida boa, mas veio faltando o guardanapo.'],
  [2, 'O pedido atrasou e chegou frio.'],
  [1, 'Veio um item errado e ninguém respondeu.'],
];

export function addScenarioReview(world: World, rng: SeededRandom, merchantId: string): string {
  const [score, comment] = rng.pick(rng.chance(0.75) ? COMMENTS.slice(0, 4) : COMMENTS.slice(4));
  const review = world.reviews.create({
    merchantId,
    score,
    ...(rng.chance(0.8) ? { comment } : {}),
    customerName: rng.pick(seedCustomerNames),
  });
  return review.id;
}
