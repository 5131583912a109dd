/** SQL for the pictures staff upload for items (site_images). */
import { randomUUID } from 'node:crypto';
import type { ImageType } from '@store/shared/site-content';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { siteImages } from './tables';

export async function insertImage(
  db: Pick<Database, 'insert'>,
  image: { contentType: ImageType; bytes: Buffer },
): Promise<string> {
  const id = randomUUID();
  await db.insert(siteImages).values({ id, ...image });
  return id;
}

export async function readImage(db: Database, id: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const rows = await db
    .select({ contentType: siteImages.contentType, bytes: siteImages.bytes })
    .from(siteImages)
    .where(eq(siteImages.id, id));
  return rows[0];
}

export async function imageExists(db: Database, id: string): Promise<boolean> {
  const rows = await db.select({ id: siteImages.id }).from(siteImages).where(eq(siteImages.id, id));
  return rows.length > 0;
}
