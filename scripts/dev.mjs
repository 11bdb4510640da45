// npm run dev: the API on API_PORT (3000) with reload, and Vite on 5173 proxying /api and /media to it.
import { spawn, spawnSync } from 'node:child_process';

// The server's call registry (server/calls/index.ts) is generated from the call modules.
spawnSync('npx', ['tsx', 'scripts/generate-calls.ts'], { stdio: 'inherit' });
const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
