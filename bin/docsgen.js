#!/usr/bin/env node
// The engine, the config and the theme are TypeScript/TSX; tsx compiles them on the fly (cached),
// always with the engine's own tsconfig, whatever folder the command runs in.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// React's production build: the development one is several times slower to render.
process.env.NODE_ENV ??= 'production';
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
