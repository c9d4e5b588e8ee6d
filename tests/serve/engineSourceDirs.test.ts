import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineSourceDirs } from '../../src/serve/devServer.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';

describe('the engine code the dev server watches', () => {
  it("is the engine's src/ and templates/ when the project served holds the engine (this repository)", () => {
    expect(engineSourceDirs(projectRoot)).toEqual([path.join(projectRoot, 'src'), path.join(projectRoot, 'templates')]);
  });

  it('is nothing for an engine installed in the project, or run from elsewhere (npx)', () => {
    expect(engineSourceDirs('/work/site', '/work/site/node_modules/docsgen')).toEqual([]);
    expect(engineSourceDirs('/work/site', '/root/.npm/_npx/1a2b/node_modules/docsgen')).toEqual([]);
    // The project's own src/ is its own: not the engine's.
    expect(engineSourceDirs('/work/site', '/opt/docsgen')).toEqual([]);
  });
});
