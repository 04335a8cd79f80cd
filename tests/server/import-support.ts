import { crc32 } from 'node:zlib'
import { IMPORT_COLUMNS } from '../../src/contract/admin-import'

// The catalogue import's files as a test sends them: a CSV of the format's columns, a ZIP, the multipart body.

export type Cells = Partial<Record<(typeof IMPORT_COLUMNS)[number], string | number>>

const quote = (value: string | number) => {
  const text = String(value)
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}
export const csvOf = (rows: Cells[], bom = '') =>
  bom +
  [
    IMPORT_COLUMNS.join(','),
    ...rows.map((row) => IMPORT_COLUMNS.map((c) => quote(row[c] ?? '')).join(',')),
  ].join('\r\n')

/**
 * A ZIP whose files are stored as they are (no compression); with `unpackedSize`, each says it is deflated and
 * unpacks to that many bytes, as a ZIP bomb's entries say.
 */
export function zipOf(
  files: Record<string, Buffer>,
  { unpackedSize }: { unpackedSize?: number } = {},
): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = Buffer.from(name)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(unpackedSize === undefined ? 0 : 8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(unpackedSize ?? data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(unpackedSize === undefined ? 0 : 8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(unpackedSize ?? data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(files).length, 8)
  end.writeUInt16LE(Object.keys(files).length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

export function multipart(csv: string, zip?: Buffer) {
  const boundary = `----haat${Math.random().toString(16).slice(2)}`
  const part = (name: string, file: string, type: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    ])
  return {
    body: Buffer.concat([
      part('file', 'catalogue.csv', 'text/csv', Buffer.from(csv)),
      ...(zip ? [part('images', 'photos.zip', 'application/zip', zip)] : []),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
