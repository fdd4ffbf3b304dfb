import type { I18n } from '../../../src-renderer/i18n/i18n.svelte';

/**
 * Compiled by `npm run typecheck` (svelte-check over the renderer's tests), never run: each line
 * marked @ts-expect-error must fail to compile, so a message's arguments are checked by the type
 * read from its ICU text.
 */
export function messageArgumentsAreChecked(i18n: I18n): string[] {
  return [
    i18n.t('orders.items', { n: 2 }),
    i18n.t('alerts.title.waiting', { n: 3, app: 'Store Terminal' }),
    i18n.t('orders.detail.close'),
    // @ts-expect-error a plural needs its count
    i18n.t('orders.items'),
    // @ts-expect-error a count is a number
    i18n.t('orders.items', { n: '2' }),
    // @ts-expect-error a misspelled argument
    i18n.t('orders.items', { count: 2 }),
    // @ts-expect-error a message without arguments takes none
    i18n.t('orders.detail.close', { n: 1 }),
    // @ts-expect-error every argument the text names
    i18n.t('alerts.title.waiting', { n: 3 }),
    // @ts-expect-error a key no feature defines
    i18n.t('orders.nothing'),
  ];
}
