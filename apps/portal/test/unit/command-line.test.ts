import { describe, expect, it } from 'vitest';
import { joinArguments, splitArguments } from '../../src/components/workload/command-line.ts';

describe('entrypoint and command as one line', () => {
  it.each([
    ['', []],
    ['  npm   start ', ['npm', 'start']],
    ['/bin/sh -c "echo hello && sleep 60"', ['/bin/sh', '-c', 'echo hello && sleep 60']],
    ["echo 'it''s'", ['echo', 'its']],
    ['echo "say \\"hi\\""', ['echo', 'say "hi"']],
    ['a\\ b ""', ['a b', '']],
  ])('splits %j', (text, args) => {
    expect(splitArguments(text)).toEqual(args);
  });

  it('reports an open quote', () => {
    expect(splitArguments('echo "unfinished')).toBeNull();
  });

  it.each([[['node', 'server.js']], [['sh', '-c', 'echo "a b" \\ c']], [['', "it's"]]])(
    'joins %j so it splits back the same',
    (args) => {
      expect(splitArguments(joinArguments(args))).toEqual(args);
    },
  );
});
