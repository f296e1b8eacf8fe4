import { readFileSync } from 'node:fs';

export interface ZipEntry {
  name: string;
  bytes: number;
  compressedBytes: number;
}

/** The entries of a zip file (a .vsix) from its central directory; no extraction. */
export function zipEntries(file: string): ZipEntry[] {
  const zip = readFileSync(file);
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${file} is not a zip file.`);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${file}: broken central directory.`);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    entries.push({
      name: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
      compressedBytes: zip.readUInt32LE(offset + 20),
      bytes: zip.readUInt32LE(offset + 24),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
