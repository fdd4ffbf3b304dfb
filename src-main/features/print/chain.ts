import { chainFeature } from '../../feature-kit/feature';

/**
 * Printing on a chain's server: its store terminals print on their own printers
 * (hub/screen-print/) and tell the server their states, which the console sums per store as
 * "printers out". The report names no store: it counts for the stores the device was granted, so a
 * terminal of store B can say nothing of A's printers, whatever it sends.
 */
export const printChainFeature = chainFeature({
  name: 'print',
  channels: ['print:report'],
  start: ({ access, printers }) => ({
    handlers: {
      'print:report': async ({ printers: reported }, origin) => {
        const { origin: device } = await access.granted(origin);
        return { printersOut: printers.report(device.id, reported) };
      },
    },
  }),
});
