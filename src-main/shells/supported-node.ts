import { nodeRuntimeProblem } from '../base/node-runtime';

/**
 * An entry of the built main process run by a plain Node (out/main/web.js, out/main/server.js):
 * checks the Node first and loads the program only then, as a separate chunk, because on too old a
 * Node its imports fail as they load, before any of its own code could say why.
 */
export async function startOnSupportedNode(load: () => Promise<unknown>, version: string = process.versions.node): Promise<void> {
  const problem = nodeRuntimeProblem(version);
  if (problem) {
    console.error(`Store Terminal could not start: ${problem}`);
    process.exitCode = 1;
    return;
  }
  await load();
}
