import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { electronNativeBinding, nativeModuleProblem } from '../../src-main/base/native-binding';

/** What Node says when it loads a native module built for another ABI (copied from a real failure). */
function abiError(built: number, needed: number): Error {
  return new Error(
    `The module '/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION ${built}. This version of Node.js requires\nNODE_MODULE_VERSION ${needed}. Please try re-compiling or re-installing\nthe module (for instance, using \`npm rebuild\` or \`npm install\`).`,
  );
}

/** A fake native module whose load throws like the real one. */
function loadFake(error: Error): () => unknown {
  return () => {
    throw error;
  };
}

describe('native modules for the runtime that loads them', () => {
  it('a module built for another ABI gives one line naming it, both ABIs and the command that fixes it', () => {
    let caught: unknown;
    try {
      loadFake(abiError(115, 133))();
    } catch (error) {
      caught = error;
    }
    const underElectron = nativeModuleProblem('better-sqlite3', caught, { ...process.versions, electron: '45.4.1', modules: '133' });
    assert.equal(underElectron, 'better-sqlite3 was built for another runtime (NODE_MODULE_VERSION 115); Electron 45.4.1 needs NODE_MODULE_VERSION 133. Fix: npm run native:electron');
    assert.ok(!underElectron?.includes('\n'), 'one line');
    const underNode = nativeModuleProblem('keytar', abiError(133, 115), { ...process.versions, node: '20.20.2' } as NodeJS.ProcessVersions);
    assert.equal(underNode, 'keytar was built for another runtime (NODE_MODULE_VERSION 133); Node.js 20.20.2 needs NODE_MODULE_VERSION 115. Fix: npm rebuild keytar');
  });

  it('any other failure is not called an ABI problem', () => {
    assert.equal(nativeModuleProblem('keytar', new Error('libsecret-1.so.0: cannot open shared object file')), undefined);
    assert.equal(nativeModuleProblem('keytar', 'not even an error'), undefined);
  });

  it("under Electron the app loads Electron's build from native/electron-<abi>/ when there is one; under Node, node_modules'", () => {
    const root = mkdtempSync(join(tmpdir(), 'st-native-'));
    const electron = { ...process.versions, electron: '45.4.1', modules: '133' };
    assert.equal(electronNativeBinding('better_sqlite3.node', electron, root), undefined, 'nothing built yet: the default');
    mkdirSync(join(root, 'native', 'electron-133'), { recursive: true });
    writeFileSync(join(root, 'native', 'electron-133', 'better_sqlite3.node'), '');
    assert.equal(electronNativeBinding('better_sqlite3.node', electron, root), join(root, 'native', 'electron-133', 'better_sqlite3.node'));
    assert.equal(electronNativeBinding('better_sqlite3.node', { ...electron, modules: '136' }, root), undefined, 'a build for another Electron is not used');
    const { electron: _, ...node } = electron;
    assert.equal(electronNativeBinding('better_sqlite3.node', node as NodeJS.ProcessVersions, root), undefined);
  });
});
