import { ReportedError } from '../../../src-shared/errors';
import type { ReviewApi } from '../../api/review';
import type { StoreActionSenders } from '../../sync/store-outbox';
import { refusalOf } from './review-rules';

/**
 * How a review answer reaches the platform through the store outbox. A resend after a lost answer
 * first looks at the review: the store's reply with the same text there means it arrived.
 */
export function reviewSenders(review: Pick<ReviewApi, 'answer' | 'getReview'>): StoreActionSenders {
  return {
    answerReview: {
      send: async (merchantId, { reviewId, text }, signal) => {
        try {
          return await review.answer(merchantId, String(reviewId), String(text), { signal });
        } catch (error) {
          // The platform's verdict on the text is kept in its own words, for the clerk to fix it.
          const refused = refusalOf(error);
          if (refused)
            throw new ReportedError({ code: 'validation', status: 422, message: refused.message, ...(refused.reason ? { reason: refused.reason } : {}) });
          throw error;
        }
      },
      alreadyDone: async (merchantId, { reviewId, text }, signal) => {
        const found = (await review.getReview(merchantId, String(reviewId), { signal })).replies?.find((r) => r.from === 'MERCHANT' && r.text === text);
        return found ? { result: { createdAt: found.createdAt, reviewId, text: found.text } } : undefined;
      },
    },
  };
}
