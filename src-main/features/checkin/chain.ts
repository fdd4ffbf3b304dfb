import { AppError } from '../../../src-shared/errors';
import { chainFeature } from '../../feature-kit/feature';
import { ownStoreLevers } from '../../feature-kit/own-store-levers';
import { checkinHandlers } from './handlers';

/**
 * The drivers' check-in QR sheets on a chain's server: made by the platform for the terminal's own
 * stores and handed to it. The server keeps no copies (a sheet is the store's, printed there).
 */
export const checkinChainFeature = chainFeature({
  name: 'checkin',
  channels: ['checkin:qrPdf', 'checkin:saved', 'checkin:open'],
  start: (context) => {
    const { api, clock } = context;
    const handlers = checkinHandlers({
      sheets: {
        generate: async (merchantIds, language) => ({
          pdf: await api.merchant.checkinQrCodes(merchantIds, language ? { language } : undefined),
          generatedAt: new Date(clock.now()).toISOString(),
          savedTo: null,
        }),
        saved: async () => [],
        read: async () => {
          throw new AppError('not-found', "The chain's server keeps no check-in sheets: make the sheet again.");
        },
      },
    });
    return {
      handlers: {
        ...ownStoreLevers(context, ['checkin:qrPdf'], () => handlers),
        'checkin:saved': async (input, origin) => {
          await context.access.granted(origin);
          return handlers['checkin:saved'](input, origin);
        },
        'checkin:open': async (input, origin) => {
          await context.access.granted(origin);
          return handlers['checkin:open'](input, origin);
        },
      },
    };
  },
});
