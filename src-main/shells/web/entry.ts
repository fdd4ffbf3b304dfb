// Entry of the web shell under plain Node: `node out/main/web.js [flags]` (the program is cli.ts).
import { startOnSupportedNode } from '../supported-node';

await startOnSupportedNode(async () => (await import('./cli')).runWebShell(import.meta.dirname));
