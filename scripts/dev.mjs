// `npm run dev`: the API with `tsx watch` on API_PORT (default 8787) and Vite (which proxies /api, /storage and /media to it).
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '8787'
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      HOST: process.env.HOST ?? '127.0.0.1',
      NODE_ENV: 'development',
      DEV_OUTBOX: '1',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
]

let stopping = false
function stop(code = 0) {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 500).unref()
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
