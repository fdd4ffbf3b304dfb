import { sessionFeature } from '../../feature-kit/feature';
import { historyHandlers } from './handlers';
import { historyRetention } from './retention';

/** History and the day's summary: reads of the order database (they answer offline too); the daily retention. */
export const historyFeature = sessionFeature({
  name: 'history',
  channels: ['history:list', 'history:summary'],
  start: ({ clock, logger, settings, orders }) => {
    const { db } = orders();
    const retention = historyRetention(db, { clock, logger, days: () => settings().historyDays });
    return { handlers: historyHandlers(db), services: [retention] };
  },
});
