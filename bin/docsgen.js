#!/usr/bin/env node
// The engine, the config and the theme are TypeScript/TSX; tsx compiles them on the fly (cached),
// always with the engine's own tsconfig, whatever folder the command runs in.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
