import { mount } from 'svelte';
import App from './App.svelte';
import { createTerminal, terminalContext } from './app/terminal';
import { connectBridge } from './lib/bridge';
import { playChime } from './orders/chime';
import './styles/app.css';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');
/** The browser's storage, where the page may use it (a locked-down profile throws on access). */
function browserMemory(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

const { bridge, onSignedOut } = connectBridge();
const terminal = createTerminal(bridge, { memory: browserMemory(), chime: playChime });
onSignedOut(() => terminal.appState.windowSignedOut());
mount(App, { target, context: terminalContext(terminal) });
