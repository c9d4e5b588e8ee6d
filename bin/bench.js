#!/usr/bin/env node
process.env.NODE_ENV ??= 'production';
const { compiledEntry } = await import('./compileEngine.js');
await import(await compiledEntry('bench/run.ts'));
