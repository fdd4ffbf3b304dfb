// `node --import ./test/support/svelte-register.mjs`: registers the Svelte hooks (after tsx, so they run first).
import { register } from 'node:module';

register('./svelte-hooks.mjs', import.meta.url);
