import { reviewHandlers } from '../ipc/handlers/reviews';
import type { StartFeature } from './feature';

/** Reviews: read and answered on demand (nothing runs in the background). */
export const reviewsFeature: StartFeature = ({ api, clock }) => ({ handlers: reviewHandlers({ review: api.review, clock }) });
