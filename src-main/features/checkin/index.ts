import { CheckinSheets } from '../../print/checkin';
import { sessionFeature } from '../../feature-kit/feature';
import { checkinHandlers } from './handlers';

/** Check-in QR sheets for the drivers, in the screen's language, kept in the account's folder. */
export const checkinFeature = sessionFeature({
  name: 'checkin',
  channels: ['checkin:qrPdf', 'checkin:saved', 'checkin:open'],
  start: ({ account, api, clock, logger, settings }) => ({
    handlers: checkinHandlers({
      sheets: new CheckinSheets({ merchant: api.merchant, clock, logger: logger.child({ room: 'merchant' }), dataDir: account.dataDir }),
      language: () => settings().locale,
    }),
  }),
});
