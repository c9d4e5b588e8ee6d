#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';

// React's production build: the development one is several times slower to render.
process.env.NODE_ENV ??= 'production';
// Each heap (this thread's and every render worker's) may grow to twice what was live after its
// last full collection, not V8's up to four times on a machine with 16 GB or more: a build's
// peak is mostly garbage not yet collected. GitHub's reference, cold: peak 1,208 → 958 MB at the
// same CPU (28.0 → 28.3 s, farm-bench pairs). Read by V8 at each collection, for workers too.
setFlagsFromString('--heap-growing-percent=100');
const { compiledEntry } = await import('./compileEngine.js');
const { main } = await import(await compiledEntry('src/cli/main.ts'));
process.exitCode = await main(process.argv);
