import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { channels, pushEvents } from '../../../src-shared/ipc/contract';
import { SCREEN_CHANNELS, SCREEN_PUSHES } from '../../../src-main/hub/link/screen-channels';

/** Field names that carry the marketplace account or one of its secrets, wherever they sit in a schema. */
const ACCOUNT_FIELD = /secret|token|password|credential|client.?id|authori[sz]ation/i;

function fieldNames(schema: z.ZodType): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const properties = (node as { properties?: Record<string, unknown> }).properties;
    if (properties) for (const name of Object.keys(properties)) names.add(name);
    for (const child of Object.values(node)) walk(child);
  };
  for (const io of ['input', 'output'] as const) walk(z.toJSONSchema(schema, { io, unrepresentable: 'any' }));
  return names;
}

const carriesAccount = (schema: z.ZodType): boolean => [...fieldNames(schema)].some((name) => ACCOUNT_FIELD.test(name));

describe('what a paired screen may reach', () => {
  it('reaches no channel whose input or answer carries the account or a secret', () => {
    const bearing = Object.entries(channels)
      .filter(([, spec]) => carriesAccount(spec.input) || carriesAccount(spec.output))
      .map(([name]) => name);
    assert.ok(
      bearing.includes('setup:checkCentralized') && bearing.includes('setup:completeAuthorization'),
      `the walk finds the secret-bearing channels: ${bearing.join(', ')}`,
    );
    assert.deepEqual(
      bearing.filter((name) => SCREEN_CHANNELS.has(name)),
      [],
    );
  });

  it('hears no push whose payload carries the account', () => {
    const bearing = Object.entries(pushEvents)
      .filter(([, schema]) => carriesAccount(schema))
      .map(([name]) => name);
    assert.ok(bearing.includes('setup:changed'));
    assert.deepEqual(
      bearing.filter((name) => SCREEN_PUSHES.has(name)),
      [],
    );
  });

  it("reaches none of the first-run, sign-in or support channels, nor the hub's configuration", () => {
    const hubOnly = Object.keys(channels).filter((name) => name.startsWith('setup:'));
    for (const name of [...hubOnly, 'settings:update', 'diagnostics:export', 'print:test', 'print:systemPrinters']) assert.ok(!SCREEN_CHANNELS.has(name), name);
  });

  it('reaches what a counter, a kitchen and a pickup board work with', () => {
    for (const name of ['status:get', 'settings:get', 'orders:board', 'orders:act', 'orders:detail', 'stores:pause', 'menu:setItemStatus', 'print:order'])
      assert.ok(SCREEN_CHANNELS.has(name), name);
    for (const name of ['orders:changed', 'status:changed', 'settings:changed', 'stores:status']) assert.ok(SCREEN_PUSHES.has(name), name);
  });
});
