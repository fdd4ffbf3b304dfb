import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

/** docs/architecture.md § Layers (and § The renderer's folders) is enforced by lint: these imports must each fail it. */
const forbidden: [file: string, source: string][] = [
  ['src-shared/x.ts', "import '../src-main/config/config';"],
  ['src-shared/x.ts', "import 'node:fs';"],
  ['src-shared/x.ts', "import 'svelte';"],
  ['src-main/api/x.ts', "import 'electron';"],
  ['src-main/api/x.ts', "import '../../src-sandbox/index';"],
  ['src-main/api/x.ts', "import '../../src-renderer/lib/bridge';"],
  ['src-renderer/lib/x.ts', "import '../../src-main/base/log';"],
  ['src-renderer/lib/x.ts', "import 'node:fs';"],
  ['src-sandbox/x.ts', "import '../src-main/api/client';"],
  // Inside src-main: a room imports only rooms below it (upward and sideways imports fail).
  ['src-main/api/x.ts', "import '../auth/token-manager';"],
  ['src-main/db/x.ts', "import '../sync/poller';"],
  ['src-main/orders/x.ts', "import '../db/orders/orders-db';"],
  ['src-main/merchant/x.ts', "import '../ipc/dispatcher';"],
  ['src-main/merchant/x.ts', "import '../sync/connectivity';"],
  ['src-main/sync/x.ts', "import '../features/orders/index';"],
  ['src-main/ipc/x.ts', "import '../app/app';"],
  ['src-main/features/menu/x.ts', "import '../../shells/web/host';"],
  ['src-main/queue/x.ts', "import '../sync/connectivity';"],
  ['src-main/feature-kit/x.ts', "import '../features/orders/index';"],
  // A feature never imports another feature: what two share lives in a room below.
  ['src-main/features/menu/x.ts', "import '../orders/handlers';"],
  ['src-main/features/reviews/x.ts', "import { storeSenders } from '../stores/senders';\nexport const s = storeSenders;"],
  ['src-main/base/x.ts', "import '../api/client';"],
  // Inside src-renderer: the strings and lib/ at the bottom, a feature reaches only the features it names.
  ['src-renderer/lib/x.ts', "import '../orders/board-logic';"],
  ['src-renderer/lib/x.ts', "import '../app/terminal';"],
  ['src-renderer/i18n/x.ts', "import '../orders/orders-state.svelte';"],
  ['src-renderer/orders/messages.ts', "import '../lib/numbers';"],
  ['src-renderer/print/x.ts', "import '../orders/board-logic';"],
  // orders' components import delivery-orders' (the drawer's panel); never back (that was a cycle).
  ['src-renderer/delivery-orders/x.ts', "import '../orders/board-logic';"],
  ['src-renderer/delivery-orders/X.svelte', '<script lang="ts">import OrderCard from \'../orders/OrderCard.svelte\'; export const c = OrderCard;</script>'],
  // A feature's code (its state, its rules) never imports a component, nor app/ (which builds the states).
  ['src-renderer/orders/x.svelte.ts', "import '../app/terminal';"],
  ['src-renderer/orders/x.ts', "import './OrderCard.svelte';"],
  ['src-renderer/app/x.ts', "import '../orders/OrderCard.svelte';"],
  // A component reaches the main process through its state class, never the bridge.
  ['src-renderer/orders/X.svelte', '<script lang="ts">import { connectBridge } from \'../lib/bridge\'; connectBridge();</script>'],
  ['src-renderer/orders/X.svelte', '<script lang="ts">import { createWebBridge } from \'../lib/web-bridge\'; export const b = createWebBridge;</script>'],
  [
    'src-renderer/menu/X.svelte',
    '<script lang="ts">import type { Bridge } from \'../../src-shared/ipc/contract\'; export const b: Bridge | null = null;</script>',
  ],
  ['src-renderer/menu/X.svelte', '<script lang="ts">import { BRIDGE_GLOBAL } from \'../../src-shared/ipc/contract\'; export const b = BRIDGE_GLOBAL;</script>'],
];

const allowed: [file: string, source: string][] = [
  ['src-shared/x.ts', "import { z } from 'zod';\nexport const s = z.string();"],
  ['src-shared/i18n/x.ts', "import { IntlMessageFormat } from 'intl-messageformat';\nexport const m = IntlMessageFormat;"],
  ['src-main/demo/x.ts', "import { startSandbox } from '../../src-sandbox/index';\nexport const s = startSandbox;"],
  ['src-main/shells/electron/x.ts', "import { app } from 'electron';\nexport const a = app;"],
  ['src-renderer/lib/x.ts', "import { channelNames } from '../../src-shared/ipc/contract';\nexport const c = channelNames;"],
  ['src-main/sync/x.ts', "import { OrdersDb } from '../db/orders/orders-db';\nexport const d = OrdersDb;"],
  ['src-main/auth/x.ts', "import { ApiError } from '../api/errors';\nexport const e = ApiError;"],
  ['src-main/features/menu/x.ts', "import { SyncService } from '../../sync/sync-service';\nexport const s = SyncService;"],
  ['src-main/features/menu/x.ts', "import { menuSenders } from './senders';\nexport const s = menuSenders;"],
  ['src-main/features/menu/x.ts', "import { sessionFeature } from '../../feature-kit/feature';\nexport const s = sessionFeature;"],
  ['src-main/app/x.ts', "import { menuFeature } from '../features/menu/index';\nexport const s = menuFeature;"],
  ['src-main/shells/web/x.ts', "import { startApp } from '../../app/app';\nexport const s = startApp;"],
  [
    'src-renderer/orders/X.svelte',
    "<script lang=\"ts\">import DeliveryOnlyPanel from '../delivery-orders/DeliveryOnlyPanel.svelte'; import { getTerminal } from '../app/terminal'; export const p = [DeliveryOnlyPanel, getTerminal];</script>",
  ],
  ['src-renderer/menu/x.svelte.ts', "import { StoreActionsState } from '../store-actions/store-actions-state.svelte';\nexport const s = StoreActionsState;"],
  ['src-renderer/app/x.ts', "import { OrdersState } from '../orders/orders-state.svelte';\nexport const s = OrdersState;"],
  ['src-renderer/lib/X.svelte', '<script lang="ts">import { getTerminal } from \'../app/terminal\'; export const t = getTerminal;</script>'],
  [
    'src-renderer/orders/x.ts',
    "import { ordersMessages } from './messages';\nimport { Read } from '../lib/reads.svelte';\nexport const m = [ordersMessages, Read];",
  ],
];

describe('layering rule (lint)', () => {
  const eslint = new ESLint();

  for (const [file, source] of forbidden) {
    it(`refuses ${source.trim()} in ${file}`, async () => {
      const [result] = await eslint.lintText(source, { filePath: file });
      const rules = result?.messages.map((m) => m.ruleId) ?? [];
      assert.ok(
        rules.includes('boundaries/dependencies') || rules.includes('no-restricted-imports'),
        `expected a layering error, got ${JSON.stringify(result?.messages)}`,
      );
    });
  }

  for (const [file, source] of allowed) {
    it(`accepts ${source.split('\n')[0]} in ${file}`, async () => {
      const [result] = await eslint.lintText(source, { filePath: file });
      assert.deepEqual(
        result?.messages.filter((m) => m.severity === 2),
        [],
      );
    });
  }
});
