import { mount } from 'svelte';
import ConsoleApp from './console/ConsoleApp.svelte';
import { chainConsoleContext, createChainConsole } from './console/chain-console';
import './styles/app.css';

// The chain manager console's page (console.html, docs/chain-console.md): a second entry of the
// renderer's build, served by the chain server's console listener; it speaks only to its /api/.
const target = document.getElementById('app');
if (!target) throw new Error('missing #app');
const chainConsole = createChainConsole({ storage: window.localStorage });
mount(ConsoleApp, { target, context: chainConsoleContext(chainConsole) });
