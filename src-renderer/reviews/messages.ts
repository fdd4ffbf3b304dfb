import { defineMessages } from '../i18n/define';

export const reviewsMessages = defineMessages(
  {
    'reviews.title': 'Avaliações',
    'reviews.waiting': 'As avaliações chegam na próxima versão.',
  },
  {
    'reviews.title': 'Reviews',
    'reviews.waiting': 'Reviews arrive in the next version.',
  },
);
