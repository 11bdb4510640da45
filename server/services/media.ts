import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredMedia {
  bytes: Buffer;
  contentType: string;
}

/** Where uploaded files live: the local disk by default (DESIGN §7), memory in tests. */
export interface MediaStore {
  put(id: string, media: StoredMedia): Promise<void>;
  get(id: string): Promise<StoredMedia | null>;
  delete(id: string): Promise<void>;
}

const SAFE_ID = /^[A-Za-z0-9-]{8,64}$/;

export function createDiskMediaStore(dir: string): MediaStore {
  const file = (id: string) => {
    if (!SAFE_ID.test(id)) throw new Error('unsafe media id');
    return path.join(dir, id);
  };
  return {
    async put(id, media) {
      await mkdir(dir, { recursive: true });
      await writeFile(file(id), media.bytes);
      await writeFile(`${file(id)}.type`, media.contentType);
    },
    async get(id) {
      if (!SAFE_ID.test(id)) return null;
      try {
        const [bytes, contentType] = await Promise.all([readFile(file(id)), readFile(`${file(id)}.type`, 'utf8')]);
        return { bytes, contentType };
      } catch {
        return null;
      }
    },
    async delete(id) {
      await rm(file(id), { force: true });
      await rm(`${file(id)}.type`, { force: true });
    },
  };
}

export function createMemoryMediaStore(): MediaStore {
  const files = new Map<string, StoredMedia>();
  return {
    put: async (id, media) => void files.set(id, media),
    get: async (id) => files.get(id) ?? null,
    delete: async (id) => void files.delete(id),
  };
}
