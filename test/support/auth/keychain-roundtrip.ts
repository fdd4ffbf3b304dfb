// Run inside a headless Secret Service (see test/unit/auth/keychain.test.ts): the real keytar, the
// real keychain, a throwaway service name. Prints one JSON line with what it saw.
import { openKeychainStore } from '../../../src-main/auth/credentials/keychain-store';
import { openCredentialStore } from '../../../src-main/auth/credentials/open-store';
import { silentLogger } from '../../../src-main/base/log';

const service = `store-terminal-test-${process.pid}`;
const opened = await openKeychainStore({ service });
if ('unavailable' in opened) {
  console.log(JSON.stringify({ unavailable: opened.unavailable }));
} else {
  const store = opened.store;
  await store.set('client-secret:demo', 'demo-secret');
  await store.set('refresh-token:demo', 'r1');
  await store.set('refresh-token:demo', 'r2');
  const read = await store.get('client-secret:demo');
  const rotated = await store.get('refresh-token:demo');
  const accounts = (await store.accounts()).sort();
  await store.delete('client-secret:demo');
  await store.delete('refresh-token:demo');
  const afterDelete = await store.get('client-secret:demo');
  const auto = await openCredentialStore({ dataDir: '/nonexistent', logger: silentLogger });
  console.log(JSON.stringify({ kind: store.kind, read, rotated, accounts, afterDelete: afterDelete ?? null, autoKind: auto.kind }));
}
