// Entry of the chain server: `node out/main/server.js [command] [flags]` (the program is cli.ts).
import { startOnSupportedNode } from '../supported-node';

await startOnSupportedNode(() => import('./cli'));
