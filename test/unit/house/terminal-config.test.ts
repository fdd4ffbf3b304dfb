import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CONFIG_FILE, emptyConfig, loadConfigFile, saveConfigFile } from '../../../src-main/config/terminal-config';
import { applySettingsPatch, Settings, SettingsPatch } from '../../../src-shared/settings';

const folder = () => mkdtempSync(join(tmpdir(), 'st-config-'));
const write = (dir: string, text: string) => writeFileSync(join(dir, CONFIG_FILE), text);

describe('the settings file (config.json in the data folder)', () => {
  it('a missing file is a first run: no account, default settings, no problem', () => {
    const loaded = loadConfigFile(folder());
    assert.deepEqual(loaded, { config: emptyConfig(), problem: null, unknownKeys: [] });
    assert.equal(loaded.config.settings.locale, 'pt-BR');
    assert.equal(loaded.config.settings.stores, 'all');
  });

  it('saves owner-only and reads back what it saved', () => {
    const dir = folder();
    const config = {
      version: 1 as const,
      account: { kind: 'centralized' as const, apiBaseUrl: 'https://api.example.test', clientId: 'store-app' },
      screen: null,
      settings: Settings.parse({
        locale: 'en',
        stores: ['4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61'],
        autoConfirm: ['4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61'],
        alerts: { volume: 40 },
      }),
    };
    saveConfigFile(dir, config);
    assert.equal(statSync(join(dir, CONFIG_FILE)).mode & 0o777, 0o600);
    assert.deepEqual(loadConfigFile(dir), { config, problem: null, unknownKeys: [] });
    assert.doesNotMatch(readFileSync(join(dir, CONFIG_FILE), 'utf8'), /secret/i, 'never a secret in the file');
  });

  it('a damaged file is a "corrupt" problem, never a crash; saving keeps it aside', () => {
    for (const text of ['{"version": 1, "account":', '', 'null', '[1,2]', '\u0000\u0001']) {
      const dir = folder();
      write(dir, text);
      const loaded = loadConfigFile(dir);
      assert.equal(loaded.problem?.kind, 'corrupt', JSON.stringify(text));
      assert.equal(loaded.config.account, null);
      saveConfigFile(dir, emptyConfig(), { keepUnreadable: true, nowMs: 1 });
      assert.ok(readdirSync(dir).includes(`${CONFIG_FILE}.unreadable-1`), 'the damaged file is kept beside');
      assert.equal(loadConfigFile(dir).problem, null);
    }
  });

  it('a file of a newer version is a "newer" problem and is not read', () => {
    const dir = folder();
    write(dir, JSON.stringify({ version: 7, account: { kind: 'demo' }, printers: [] }));
    const loaded = loadConfigFile(dir);
    assert.equal(loaded.problem?.kind, 'newer');
    assert.match(loaded.problem?.message ?? '', /format 7/);
    assert.equal(loaded.config.account, null);
  });

  it('a hand-edited wrong value is an "invalid" problem naming the field; a plain-http API address is one', () => {
    const dir = folder();
    write(dir, JSON.stringify({ version: 1, account: { kind: 'centralized', apiBaseUrl: 'http://api.example.test', clientId: 'x' } }));
    const loaded = loadConfigFile(dir);
    assert.equal(loaded.problem?.kind, 'invalid');
    assert.match(loaded.problem?.message ?? '', /account\.apiBaseUrl/);
    write(dir, JSON.stringify({ version: 1, account: null, settings: { locale: 'fr' } }));
    assert.match(loadConfigFile(dir).problem?.message ?? '', /settings\.locale/);
  });

  it('unknown keys are ignored and listed, the rest is read', () => {
    const dir = folder();
    write(dir, JSON.stringify({ version: 1, account: { kind: 'demo' }, colour: 'blue', settings: { locale: 'en', fontSize: 30 } }));
    const loaded = loadConfigFile(dir);
    assert.equal(loaded.problem, null);
    assert.deepEqual(loaded.config.account, { kind: 'demo' });
    assert.equal(loaded.config.settings.locale, 'en');
    assert.deepEqual(loaded.unknownKeys.sort(), ['colour', 'settings.fontSize']);
  });

  it("an older file without settings reads with today's defaults", () => {
    const dir = folder();
    write(dir, JSON.stringify({ version: 1, account: { kind: 'demo' } }));
    assert.deepEqual(loadConfigFile(dir).config.settings, emptyConfig().settings);
    assert.equal(existsSync(join(dir, CONFIG_FILE)), true);
  });

  it('a file of the previous version (no alerts, density, auto-confirm, history) reads with their defaults', () => {
    const dir = folder();
    write(dir, JSON.stringify({ version: 1, account: { kind: 'demo' }, settings: { locale: 'en', stores: 'all', currentStoreId: null } }));
    const { settings } = loadConfigFile(dir).config;
    assert.deepEqual(settings.alerts, { sound: 'chime', volume: 80, repeatSeconds: 10, muteMinutes: 10, notifications: true });
    assert.equal(settings.density, 'auto');
    assert.deepEqual(settings.autoConfirm, []);
    assert.equal(settings.historyDays, 30);
  });

  it('a file that still has the old offline alarm delay reads, without it (offline rings at once now)', () => {
    const dir = folder();
    const alerts = { sound: 'bell', volume: 50, repeatSeconds: 15, muteMinutes: 5, offlineAlarmMinutes: 2, notifications: false };
    write(dir, JSON.stringify({ version: 1, account: { kind: 'demo' }, settings: { locale: 'en', stores: 'all', currentStoreId: null, alerts } }));
    assert.deepEqual(loadConfigFile(dir).config.settings.alerts, { sound: 'bell', volume: 50, repeatSeconds: 15, muteMinutes: 5, notifications: false });
  });
});

describe('a settings patch', () => {
  it('merges alert settings field by field and replaces the rest', () => {
    const before = Settings.parse({ alerts: { volume: 30, sound: 'bell' } });
    const after = applySettingsPatch(before, SettingsPatch.parse({ alerts: { volume: 90 }, density: 'compact' }));
    assert.equal(after.alerts.volume, 90);
    assert.equal(after.alerts.sound, 'bell');
    assert.equal(after.density, 'compact');
  });

  it('refuses values out of range and unknown fields', () => {
    for (const bad of [
      { alerts: { volume: 101 } },
      { alerts: { repeatSeconds: 1 } },
      { historyDays: 0 },
      { autoConfirm: ['not-an-id'] },
      { alerts: { loud: true } },
    ]) {
      assert.equal(SettingsPatch.safeParse(bad).success, false, JSON.stringify(bad));
    }
  });
});
