import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { appRoot, nativeModuleProblem, runtimeNativeBinding } from '../../src-main/base/native-binding';

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

  it("each runtime loads its own build from native/<runtime>-<abi>/ when there is one, else node_modules'", () => {
    const root = mkdtempSync(join(tmpdir(), 'st-native-'));
    const electron = { ...process.versions, electron: '45.4.1', modules: '150' };
    const { electron: _, ...nodeVersions } = electron;
    const node24 = { ...nodeVersions, node: '24.21.0', modules: '137' } as NodeJS.ProcessVersions;
    assert.equal(runtimeNativeBinding('better_sqlite3.node', electron, root), undefined, 'nothing built yet: the default');
    assert.equal(runtimeNativeBinding('better_sqlite3.node', node24, root), undefined, 'nothing built yet: the default');
    mkdirSync(join(root, 'native', 'electron-150'), { recursive: true });
    writeFileSync(join(root, 'native', 'electron-150', 'better_sqlite3.node'), '');
    assert.equal(runtimeNativeBinding('better_sqlite3.node', electron, root), join(root, 'native', 'electron-150', 'better_sqlite3.node'));
    assert.equal(runtimeNativeBinding('better_sqlite3.node', { ...electron, modules: '136' }, root), undefined, 'a build for another Electron is not used');
    assert.equal(runtimeNativeBinding('better_sqlite3.node', { ...node24, modules: '150' }, root), undefined, "Node never loads Electron's build, even at the same ABI number");
    assert.equal(runtimeNativeBinding('better_sqlite3.node', node24, root), undefined);
    mkdirSync(join(root, 'native', 'node-137'), { recursive: true });
    writeFileSync(join(root, 'native', 'node-137', 'better_sqlite3.node'), '');
    assert.equal(runtimeNativeBinding('better_sqlite3.node', node24, root), join(root, 'native', 'node-137', 'better_sqlite3.node'));
    assert.equal(runtimeNativeBinding('better_sqlite3.node', { ...node24, node: '20.20.2', modules: '115' }, root), undefined, "Node 20 keeps node_modules' build");
    assert.equal(runtimeNativeBinding('keytar.node', node24, root), undefined, 'a module with no build there: node_modules');
  });

  it("finds the app's folder from wherever the module runs: source, bundle or a chunk of it", () => {
    const root = mkdtempSync(join(tmpdir(), 'st-app-'));
    writeFileSync(join(root, 'package.json'), '{}');
    for (const dir of [join('src-main', 'base'), join('out', 'main'), join('out', 'main', 'chunks')]) {
      mkdirSync(join(root, dir), { recursive: true });
      assert.equal(appRoot(join(root, dir)), root, dir);
    }
    assert.equal(appRoot(join(import.meta.dirname)), join(import.meta.dirname, '..', '..'), 'this repository');
  });
});
