import { mount } from 'svelte';
import App from './App.svelte';
import { createTerminal, terminalContext } from './app/terminal';
import { connectBridge } from './lib/bridge';
import { playSound } from './alerts/sounds';
import './styles/app.css';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');
const { bridge, onSignedOut } = connectBridge();
const terminal = createTerminal(bridge, { sounds: playSound });
onSignedOut(() => terminal.appState.windowSignedOut());
mount(App, { target, context: terminalContext(terminal) });
