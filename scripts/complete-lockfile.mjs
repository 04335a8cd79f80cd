// Adds to package-lock.json the platform-specific optional packages (other operating systems' and CPUs'
// prebuilt binaries) that npm leaves out when the registry it installs from does not carry them. Without
// them `npm ci` refuses the lock file ("Missing: … from lock file") even though it would never install
// them here. Run after any `npm install`: `node scripts/complete-lockfile.mjs`.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

const LOCK = 'package-lock.json'
const OPERATING_SYSTEMS = [
  'android',
  'darwin',
  'win32',
  'linux',
  'freebsd',
  'openbsd',
  'netbsd',
  'openharmony',
  'sunos',
  'aix',
]
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x']

function missingFromLock() {
  let output = ''
  try {
    output = execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts'], { encoding: 'utf8', stdio: 'pipe' })
  } catch (error) {
    output = `${error.stdout ?? ''}${error.stderr ?? ''}`
  }
  return [...output.matchAll(/Missing: (\S+?)@\S* from lock file/g)].map((match) => match[1])
}

/** os/cpu/libc of a platform package, read from its name (`@rollup/rollup-linux-arm64-musl`). */
function platformOf(name) {
  const tokens = name.split('/').pop().split('-')
  const os = tokens.find((token) => OPERATING_SYSTEMS.includes(token))
  const cpu = tokens.find((token) => CPUS.includes(token))
  const musl = tokens.some((token) => token.startsWith('musl'))
  const gnu = tokens.some((token) => token.startsWith('gnu'))
  return {
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(os ? { os: [os] } : {}),
    ...(musl ? { libc: ['musl'] } : os === 'linux' && gnu ? { libc: ['glibc'] } : {}),
  }
}

const missing = missingFromLock()
if (missing.length === 0) {
  console.log('package-lock.json is complete')
  process.exit(0)
}
const lock = JSON.parse(readFileSync(LOCK, 'utf8'))
const packages = lock.packages
for (const name of missing) {
  const parent = Object.entries(packages).find(([, entry]) => entry.optionalDependencies?.[name])
  if (!parent) {
    console.error(`no package in the lock file asks for ${name}; left as it is`)
    continue
  }
  const [parentPath, parentEntry] = parent
  const key = packages[`node_modules/${name}`] ? `${parentPath}/node_modules/${name}` : `node_modules/${name}`
  packages[key] = { version: parentEntry.optionalDependencies[name], optional: true, ...platformOf(name) }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
)
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`added ${missing.length} platform packages to ${LOCK}`)
