#!/usr/bin/env node
// The engine, the config and the theme are TypeScript/TSX; tsx compiles them on the fly (cached).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
