import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from 'svelte/server';
import { createTerminal, terminalContext } from '../../../src-renderer/app/terminal';
import HistorySearch from '../../../src-renderer/history/HistorySearch.svelte';
import { keyboardHintsAfter, keyboardHintsAtStart, signOf, type InputSign } from '../../../src-renderer/lib/keyboard-hints';
import { KeyboardSense, type InputSource } from '../../../src-renderer/lib/keyboard.svelte';
import { fakeBridge } from '../../support/app/fake-bridge';

const key = (k: string, inTextField = false): InputSign => ({ kind: 'key', key: k, inTextField });
const tap = (pointerType: string): InputSign => ({ kind: 'pointer', pointerType });
const after = (start: boolean, ...signs: InputSign[]): boolean => signs.reduce(keyboardHintsAfter, start);

/** A window stand-in: its pointer as the media query answers, and the events a test sends it. */
function windowWith(finePointer: boolean): InputSource & { send(type: 'keydown' | 'pointerdown', fields: Record<string, unknown>): void } {
  const target = new EventTarget();
  return {
    addEventListener: target.addEventListener.bind(target) as InputSource['addEventListener'],
    matchMedia: ((query: string) => ({ matches: query === '(pointer: fine)' && finePointer })) as unknown as InputSource['matchMedia'],
    send(type, fields) {
      target.dispatchEvent(Object.assign(new Event(type), fields));
    },
  };
}

describe('keyboard hints show only where someone can press the key', () => {
  it('a touch terminal shows none, even while the on-screen keyboard types into a field or its buttons are pressed', () => {
    const start = keyboardHintsAtStart(false);
    assert.equal(start, false);
    assert.equal(after(start, tap('touch'), key('a', true), key('/', true), key('Unidentified'), key('Process'), key('AudioVolumeUp'), key('GoBack')), false);
  });

  it('a desk computer (a mouse as its pointer) shows them from the start; a mouse click changes nothing', () => {
    assert.equal(keyboardHintsAtStart(true), true);
    assert.equal(after(true, tap('mouse')), true);
  });

  it('a key pressed outside a text field is a physical keyboard: the hints come', () => {
    assert.equal(after(false, key('/')), true);
    assert.equal(after(false, key('Escape')), true);
    assert.equal(after(false, key('ArrowDown')), true);
  });

  it('a finger or a pen on the screen hides them again (a barcode scanner typing on a touch terminal does not keep them)', () => {
    assert.equal(after(false, key('7'), tap('touch')), false);
    assert.equal(after(true, tap('pen')), false);
    assert.equal(after(false, key('7'), tap('touch'), key('/')), true, 'the latest sign wins');
  });

  it('tells a key typed into a text field from one pressed elsewhere', () => {
    const inField = { key: 'a', target: { closest: (selector: string) => (selector.includes('input') ? {} : null) } } as unknown as KeyboardEvent;
    const elsewhere = { key: '/', target: { closest: () => null } } as unknown as KeyboardEvent;
    assert.deepEqual(signOf(inField), { kind: 'key', key: 'a', inTextField: true });
    assert.deepEqual(signOf(elsewhere), { kind: 'key', key: '/', inTextField: false });
    assert.deepEqual(signOf({ pointerType: 'touch' } as PointerEvent), { kind: 'pointer', pointerType: 'touch' });
  });

  it('the terminal follows the window: its pointer at start, then its keys and taps', () => {
    const touch = windowWith(false);
    const sense = new KeyboardSense(touch);
    assert.equal(sense.hints, false);
    touch.send('keydown', { key: '/' });
    assert.equal(sense.hints, true);
    touch.send('pointerdown', { pointerType: 'touch' });
    assert.equal(sense.hints, false);
    assert.equal(new KeyboardSense(windowWith(true)).hints, true);
    assert.equal(new KeyboardSense().hints, false, 'no window (a server-side render): no hints');
  });

  it('History says "Aperte / para buscar" only once a keyboard was seen', () => {
    const terminal = createTerminal(fakeBridge(), { notifier: { notify: () => {} } });
    const hint = (): boolean => render(HistorySearch, { context: terminalContext(terminal) }).body.includes('data-testid="history-search-hint"');
    assert.equal(hint(), false);
    terminal.keyboard.seen(key('/'));
    assert.equal(hint(), true);
    assert.match(render(HistorySearch, { context: terminalContext(terminal) }).body, /Aperte \/ para buscar/);
    terminal.keyboard.seen(tap('touch'));
    assert.equal(hint(), false);
  });
});
