import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      // Screens are split by hand (lazyScreen) so that chunk loads get the spec's 120 s time-out.
      autoCodeSplitting: false,
    }),
    babel({ include: /[\\/]src[\\/].*\.[jt]sx?$/, plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: { outDir: 'dist/spa', emptyOutDir: true, target: 'es2022' },
  server: {
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/media': `http://localhost:${apiPort}`,
    },
  },
});
