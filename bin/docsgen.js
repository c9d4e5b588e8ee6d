#!/usr/bin/env node
// React's production build: the development one is several times slower to render.
process.env.NODE_ENV ??= 'production';
const { compiledEntry } = await import('./compileEngine.js');
const { main } = await import(await compiledEntry('src/cli/main.ts'));
process.exitCode = await main(process.argv);
