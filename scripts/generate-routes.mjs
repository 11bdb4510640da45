// Regenerates src/routeTree.gen.ts from src/routes (Vite does this too; typecheck needs it first).
import { Generator, getConfig } from '@tanstack/router-generator';

const config = getConfig({ target: 'react', routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }, process.cwd());
await new Generator({ config, root: process.cwd() }).run();
