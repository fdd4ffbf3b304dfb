import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planWindow } from '../../../src-main/shells/web/open-window';

const url = 'http://127.0.0.1:5000/?secret=s';

describe('opening the web shell window', () => {
  it('uses a Chromium app window when Chromium is installed, with --no-sandbox only as root', () => {
    const plan = planWindow(url, { dataDir: '/d', env: { DISPLAY: ':0' }, platform: 'linux', isRoot: true, exists: (p) => p === '/usr/bin/chromium' });
    assert.ok(!('error' in plan));
    assert.equal(plan.command, '/usr/bin/chromium');
    assert.ok(plan.args.includes(`--app=${url}`));
    assert.ok(plan.args.includes('--user-data-dir=/d/chromium-profile'));
    assert.ok(plan.args.includes('--no-sandbox'));
    const user = planWindow(url, { dataDir: '/d', env: { DISPLAY: ':0' }, platform: 'linux', isRoot: false, exists: () => true });
    assert.ok(!('error' in user) && !user.args.includes('--no-sandbox'));
  });

  it('falls back to the default browser, and says so plainly when there is no display', () => {
    const browser = planWindow(url, { dataDir: '/d', env: { DISPLAY: ':0' }, platform: 'linux', isRoot: false, exists: () => false });
    assert.ok(!('error' in browser) && browser.command === 'xdg-open');
    const none = planWindow(url, { dataDir: '/d', env: {}, platform: 'linux', isRoot: false, exists: () => true });
    assert.ok('error' in none && /no display/.test(none.error));
    const mac = planWindow(url, { dataDir: '/d', env: {}, platform: 'darwin', isRoot: false, exists: () => false });
    assert.ok(!('error' in mac) && mac.command === 'open');
  });
});
