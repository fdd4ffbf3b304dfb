import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { nodeAtLeast, nodeRuntimeProblem, OLDEST_NODE } from '../../../src-main/base/node-runtime';
import { startOnSupportedNode } from '../../../src-main/shells/supported-node';

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('the Node the terminal and the server run on', () => {
  it('compares versions part by part, not as text', () => {
    assert.equal(nodeAtLeast('24.21.0'), true);
    assert.equal(nodeAtLeast('22.19.0'), true);
    assert.equal(nodeAtLeast('22.100.0'), true);
    assert.equal(nodeAtLeast('22.9.0'), false, '9 < 19, though "9" > "1"');
    assert.equal(nodeAtLeast('22.18.5'), false);
    assert.equal(nodeAtLeast('20.20.2'), false);
    assert.equal(nodeAtLeast('100.0.0'), true);
  });

  it('says in one line what a too old Node lacks and what to do; nothing on a good one', () => {
    assert.equal(nodeRuntimeProblem('24.21.0'), undefined);
    const problem = nodeRuntimeProblem('20.20.2') ?? '';
    assert.match(problem, /^this is Node\.js 20\.20\.2; Store Terminal runs on Node\.js 24 LTS/);
    assert.match(problem, /npm start \/ npm run server/);
    assert.ok(!problem.includes('\n'));
  });

  it("package.json's engines names the same oldest Node the shells check", () => {
    const { engines } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    assert.equal(engines.node, `>=${OLDEST_NODE.split('.').slice(0, 2).join('.')}`);
  });

  it('an entry loads its program only on a Node that can run it', async (t) => {
    const errors = t.mock.method(console, 'error', () => undefined);
    const exitCode = process.exitCode;
    let loads = 0;
    try {
      await startOnSupportedNode(async () => (loads += 1), '20.20.2');
      assert.equal(loads, 0);
      assert.equal(process.exitCode, 1);
      assert.equal(errors.mock.callCount(), 1);
      assert.match(String(errors.mock.calls[0]?.arguments[0]), /^Store Terminal could not start: this is Node\.js 20\.20\.2;/);
      process.exitCode = exitCode;
      await startOnSupportedNode(async () => (loads += 1), '24.21.0');
      assert.equal(loads, 1);
      assert.equal(process.exitCode, exitCode);
    } finally {
      process.exitCode = exitCode;
    }
  });
});
