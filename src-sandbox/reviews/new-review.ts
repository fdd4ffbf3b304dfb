import { z } from 'zod';
import { REVIEW_STATUSES } from './model';

/**
 * A review to add: the body of `POST /_sandbox/reviews` and the input of `ReviewsState.create()`
 * (the scenario generator's way in). The status given holds from the moment of creation, and the
 * clock rules run from there; `createdAt` (the review's age) drives sorting, date filters and the
 * 3-month score window.
 */
export const NewReview = z
  .object({
    merchantId: z.string(),
    score: z.number().min(1).max(5),
    comment: z.string().max(2000).optional(),
    status: z.enum(REVIEW_STATUSES).default('CREATED'),
    visibility: z.enum(['PUBLIC', 'PRIVATE']).default('PUBLIC'),
    createdAt: z.iso.datetime({ offset: true }).optional(),
    version: z.enum(['v1', 'v2']).default('v2'),
    customerName: z.string().min(1).max(200).optional(),
  })
  .strict();
export type NewReview = z.infer<typeof NewReview>;
export type NewReviewInput = z.input<typeof NewReview>;
