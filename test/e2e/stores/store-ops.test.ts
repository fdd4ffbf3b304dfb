import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * The Store page as a counter clerk uses it, against a sandbox the test starts: the status badge,
 * a 30-minute pause and reopening, editing the opening hours, and the check-in QR sheet of the
 * grocery store. Screenshots in pt-BR and English at 1024x768 and 1920x1080 go to test-results/.
 */
describe('Store page in Chromium', () => {
  const terminal = useTerminal({
    name: 'store-ops',
    pollSeconds: 5, // keeps the store "connected" (spec §6: polled in the last 30 s)
    viewport: { width: 1024, height: 768 },
    locale: 'pt-BR',
    ready: 'none',
  });

  const badge = () => terminal.page.getByTestId('store-status-badge');
  const summary = () => terminal.page.getByTestId('store-summary');

  before(() => terminal.page.getByTestId('nav-store').click());

  it('shows the store open in the top bar and each operation × channel on the Store page', async () => {
    const { page } = terminal;
    await page.getByTestId('current-store').getByText('Cantina da Vila').waitFor();
    await summary().and(page.locator('[data-summary="open"]')).waitFor({ timeout: 15_000 });
    await badge().and(page.locator('[data-summary="open"]')).waitFor();
    assert.equal(
      await badge()
        .textContent()
        .then((t) => t?.trim()),
      'Aberta',
    );
    const entries = page.getByTestId('status-entry');
    assert.deepEqual(
      await entries.evaluateAll((els) =>
        els.map((e) => `${e.getAttribute('data-operation')}/${e.getAttribute('data-channel')}:${e.getAttribute('data-state')}`),
      ),
      ['DELIVERY/MARKETPLACE:OK', 'DELIVERY/WHATSAPP:OK', 'TAKEOUT/MARKETPLACE:OK'],
    );
    await page.getByText('Tudo certo: recebendo pedidos.').first().waitFor();
    await terminal.shot('status-pt-1024');
  });

  it('pauses the store for 30 minutes: the badge and the status show the pause; "Reabrir agora" reopens it', async () => {
    const { page } = terminal;
    await page.getByTestId('open-pause').click();
    const dialog = page.getByTestId('pause-dialog');
    await dialog.getByText('30 min').click();
    assert.equal(await dialog.getByTestId('pause-description').inputValue(), 'Cozinha sobrecarregada');
    await dialog.getByText('A loja não fecha').waitFor(); // Cantina is open around the clock: no "until closing"
    await dialog.getByTestId('pause-description').fill('');
    await dialog.getByText('Escreva o motivo da pausa.').waitFor();
    assert.equal(await dialog.getByTestId('pause-confirm').isDisabled(), true);
    await dialog.getByRole('button', { name: 'Falta de entregadores' }).click();
    await terminal.shot('pause-dialog-pt-1024');
    // A custom pause: its days as a Portuguese screen writes them (not the browser's mm/dd/yyyy), a 24-hour clock.
    await dialog.locator('input[name="pause-length"][value="custom"]').check();
    assert.match(await dialog.getByTestId('pause-start-day').inputValue(), /^\d{2}\/\d{2}\/\d{4}$/);
    assert.equal(await dialog.getByTestId('pause-start-day').getAttribute('placeholder'), 'dd/mm/aaaa');
    assert.match(await dialog.getByTestId('pause-end-clock').inputValue(), /^\d{2}:\d{2}$/);
    await terminal.shot('pause-dialog-custom-pt-1024');
    await dialog.getByText('30 min').click();
    await dialog.getByTestId('pause-confirm').click();
    await dialog.waitFor({ state: 'detached' });

    await badge().and(page.locator('[data-summary="paused"]')).waitFor({ timeout: 10_000 });
    assert.equal(
      await badge()
        .textContent()
        .then((t) => t?.trim()),
      'Pausada',
    );
    await summary().and(page.locator('[data-summary="paused"]')).waitFor();
    await page
      .getByTestId('active-pause')
      .getByText(/Pausada até \d\d:\d\d/)
      .waitFor();
    await page.getByTestId('active-pause').getByText('Falta de entregadores').waitFor();
    const paused = page.locator('[data-testid="validation"][data-code="unavailabilities"][data-state="CLOSED"]');
    assert.equal(await paused.count(), 3, 'every operation × channel says it is paused');
    await paused.first().getByText('A loja está pausada.', { exact: false }).waitFor();
    // The platform's own words, Portuguese as it writes them: the pause's description and when it ends.
    await paused
      .first()
      .getByText(/A plataforma diz: Pausada — Falta de entregadores\. Reabre às \d\d:\d\d \(horário da loja\)\./)
      .waitFor();
    await terminal.shot('paused-pt-1024');

    const pauses = await terminal.http.send('GET', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/interruptions`, { token: await terminal.token() });
    const [pause] = pauses.body as { start: string; end: string; description: string }[];
    assert.equal(pause?.description, 'Falta de entregadores');
    const minutes = (Date.parse(pause?.end ?? '') - terminal.sandbox.world.clock.now()) / 60_000;
    assert.ok(minutes > 29 && minutes <= 30, `a pause of 30 minutes from now, got ${minutes}`);
    assert.ok(Date.parse(pause?.start ?? '') <= terminal.sandbox.world.clock.now(), 'already started');

    await page.getByTestId('resume').click();
    await badge().and(page.locator('[data-summary="open"]')).waitFor({ timeout: 10_000 });
    await page.getByText('Pausa removida. A loja volta a receber pedidos.').waitFor();
    await page.getByTestId('open-pause').waitFor();
  });

  it('says in words when the platform refuses an overlapping pause made on another terminal, and shows that pause', async () => {
    const { page } = terminal;
    const { http, sandbox } = terminal;
    const token = await terminal.token();
    const now = sandbox.world.clock.now();
    const elsewhere = await http.send('POST', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/interruptions`, {
      token,
      json: { description: 'Pausa do gerente', start: new Date(now + 90 * 60_000).toISOString(), end: new Date(now + 150 * 60_000).toISOString() },
    });
    assert.equal(elsewhere.status, 201);
    await page.getByTestId('open-pause').click();
    const dialog = page.getByTestId('pause-dialog');
    await dialog.getByText('2 h', { exact: true }).click();
    await dialog.getByTestId('pause-confirm').click();
    const error = dialog.getByTestId('ops-error');
    await error.getByText('A plataforma recusou: já existe uma pausa nesse horário.', { exact: false }).waitFor();
    await error.getByText(/A plataforma diz: “sobrepõe a interrupção/).waitFor();
    assert.equal(await dialog.getByTestId('pause-confirm').isDisabled(), true, 'the clashing pause is now known on screen');
    await terminal.shot('pause-overlap-pt-1024');
    await dialog.getByText('30 min', { exact: true }).click();
    await error.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const future = page.getByTestId('future-pause');
    await future.getByText('Pausa do gerente').waitFor();
    await future.getByRole('button', { name: 'Cancelar pausa' }).click();
    await future.waitFor({ state: 'detached' });
  });

  it('edits the opening hours: an overlap is refused on screen, a clean week is saved', async () => {
    const { page } = terminal;
    await page.getByTestId('store-tab-hours').click();
    const week = page.getByTestId('hours-week');
    await week.locator('[data-day="MONDAY"]').getByText('Dia inteiro (24 h)').waitFor();
    await page.getByTestId('hours-edit').click();
    const editor = page.getByTestId('hours-editor');
    const monday = editor.locator('section[data-day="MONDAY"]');
    await editor.getByTestId('shift-add-MONDAY').click();
    await monday
      .getByText(/se sobrepõe a outro/)
      .first()
      .waitFor();
    assert.equal(await editor.getByTestId('hours-save').isDisabled(), true);
    await terminal.shot('hours-overlap-pt-1024');

    // Monday: lunch 11:00–15:00 and dinner 18:00–01:00 (into Tuesday), instead of all day.
    const rows = monday.getByTestId('shift-row');
    await rows.nth(0).getByTestId('shift-start').fill('11:00');
    await rows.nth(0).getByTestId('shift-end').fill('15:00');
    await rows.nth(1).getByTestId('shift-start').fill('18:00');
    await rows.nth(1).getByTestId('shift-end').fill('01:00');
    await monday
      .getByText(/se sobrepõe/)
      .first()
      .waitFor(); // runs into Tuesday's all-day shift
    const tuesday = editor.locator('section[data-day="TUESDAY"]');
    await tuesday.getByTestId('shift-row').first().getByTestId('shift-start').fill('01:00');
    await tuesday.getByTestId('shift-row').first().getByTestId('shift-end').fill('00:00');
    await editor.getByText(/se sobrepõe/).waitFor({ state: 'detached' });
    await terminal.shot('hours-editor-pt-1024');
    await editor.getByTestId('hours-save').click();
    await page.getByText('Horários salvos.').waitFor();
    await week.locator('[data-day="MONDAY"]').getByText('11:00–15:00').waitFor();
    await week.locator('[data-day="MONDAY"]').getByText('18:00–01:00').waitFor();

    const saved = await terminal.http.send('GET', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/opening-hours`, { token: await terminal.token() });
    const shifts = (saved.body as { shifts: { dayOfWeek: string; start: string; duration: number }[] }[])[0]?.shifts ?? [];
    assert.deepEqual(
      shifts
        .filter((s) => s.dayOfWeek === 'MONDAY' || s.dayOfWeek === 'TUESDAY')
        .map((s) => `${s.dayOfWeek} ${s.start} ${s.duration}`)
        .sort(),
      ['MONDAY 11:00:00 240', 'MONDAY 18:00:00 420', 'TUESDAY 01:00:00 1380'],
    );
    assert.equal(shifts.length, 8, 'Monday has two shifts, the other days one');
  });

  it('makes the check-in QR sheet of the grocery store, shows the PDF and keeps a copy; restaurants are explained', async () => {
    const { page } = terminal;
    await page.getByTestId('store-tab-checkin').click();
    const notOffered = page.getByTestId('checkin-not-offered');
    await notOffered.getByText('só gera esses códigos para mercados', { exact: false }).waitFor();
    await notOffered.getByText('Cantina da Vila').waitFor();
    const boxes = page.getByTestId('checkin-store');
    assert.equal(await boxes.count(), 1, 'only the grocery store is offered');
    assert.equal(await boxes.first().isChecked(), true);
    await page.getByTestId('checkin-generate').click();
    const frame = page.getByTestId('checkin-frame');
    await frame.waitFor({ timeout: 15_000 });
    assert.match((await frame.getAttribute('src')) ?? '', /^blob:/);
    await page.waitForTimeout(800); // let the PDF viewer paint for the screenshot
    await terminal.shot('checkin-pt-1024');
    const files = readdirSync(join(terminal.dataDir, 'print'));
    assert.equal(files.filter((f) => /^checkin-.*\.pdf$/.test(f)).length, 1);
    assert.ok(existsSync(join(terminal.dataDir, 'print', files[0] ?? '')));

    // "Save as…" hands the PDF over as a download (a save dialog in Electron); the kept copy reopens.
    const download = page.waitForEvent('download');
    await page.getByTestId('checkin-save-as').click();
    assert.match((await download).suggestedFilename(), /^checkin-.*\.pdf$/);
    await page.getByTestId('checkin-again').click();
    await page.getByTestId('checkin-kept').waitFor();
    await page.getByTestId('checkin-open-kept').first().click();
    await frame.waitFor({ timeout: 10_000 });
    assert.match((await frame.getAttribute('src')) ?? '', /^blob:/);
  });

  it('reads in English at 1920x1080', async () => {
    const { page } = terminal;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-store').click();
    await badge().getByText('Open').waitFor({ timeout: 15_000 });
    await page.getByTestId('store-tab-status').click();
    await summary().getByText('Open', { exact: true }).waitFor();
    await terminal.shot('status-en-1920');
    await page.getByTestId('open-pause').click();
    await page.getByTestId('pause-dialog').getByText('Kitchen overloaded').first().waitFor();
    await terminal.shot('pause-dialog-en-1920');
    await page.keyboard.press('Escape');
    await page.getByTestId('pause-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('store-tab-hours').click();
    await page.getByTestId('hours-edit').click();
    await page.getByTestId('hours-editor').getByText('Saving replaces the whole week on the platform.').waitFor();
    await terminal.shot('hours-editor-en-1920');
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByTestId('store-tab-checkin').click();
    // The sheet made earlier is still on screen (the language changed without a reload): put it away.
    if (await page.getByTestId('checkin-again').count()) await page.getByTestId('checkin-again').click();
    await page.getByTestId('checkin-generate').click();
    await page.getByTestId('checkin-frame').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(800);
    await terminal.shot('checkin-en-1920');
    await page.getByTestId('store-tab-details').click();
    await page.getByTestId('store-facts').getByText('Operations and channels').waitFor();
    await terminal.shot('details-en-1920');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('store-tab-status').click();
    await summary().getByText('Open', { exact: true }).waitFor();
    await terminal.shot('status-en-1024');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(overflow, false, 'no horizontal overflow at 1024x768');
  });
});
