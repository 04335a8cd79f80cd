// The server projects migrate one database per run and every test app starts from a copy of it: opening an
// empty PGlite costs seconds of initdb, and 13 migrations more on every app, where loading a dump of a
// migrated one (or, on PostgreSQL, `create database … template`) costs a fraction of that.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { migrate } from '../../server/db/migrate'

declare module 'vitest' {
  export interface ProvidedContext {
    /** a tar of a migrated PGlite data folder (server project) */
    migratedPglite: string
    /** the name of a migrated PostgreSQL database to copy (server-postgres project) */
    migratedTemplate: string
  }
}

async function migratedPglite(folder: string): Promise<string> {
  const database = await openDatabase({ DATA_DIR: folder }, { memory: true })
  try {
    await migrate(database)
    const file = join(folder, 'migrated.tar')
    writeFileSync(file, (await database.dump?.()) ?? new Uint8Array())
    return file
  } finally {
    await database.close()
  }
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

async function migratedTemplate(): Promise<string> {
  const name = `haat_tpl_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  await adminQuery(`create database ${name}`)
  const url = new URL(process.env.DATABASE_URL as string)
  url.pathname = `/${name}`
  const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url.toString() })
  const database = await openDatabase(config, { poolSize: 1 })
  try {
    await migrate(database)
  } finally {
    await database.close()
  }
  return name
}

export default async function setup(project: TestProject) {
  if (project.name === 'server-postgres') {
    const name = await migratedTemplate()
    project.provide('migratedTemplate', name)
    return () => adminQuery(`drop database if exists ${name} with (force)`)
  }
  const folder = mkdtempSync(join(tmpdir(), 'haat-migrated-'))
  project.provide('migratedPglite', await migratedPglite(folder))
  return () => rmSync(folder, { recursive: true, force: true })
}
