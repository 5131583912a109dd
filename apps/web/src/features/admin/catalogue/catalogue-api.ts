/**
 * The catalogue editor's calls (issue 21). The staff cookie is HttpOnly with Path=/api/staff, so
 * the browser sends it by itself on these same-origin calls. Every edit carries the version the
 * page was showing; the answer is the whole document at its new version.
 */

import type { Entity, SiteEvent } from '@store/shared/site';
import type {
  CatalogueList,
  CenterFields,
  EntityFields,
  ItemFields,
  StaffCatalogue,
  UploadedImage,
} from '@store/shared/site-content';
import { ApiClientError, errorFromBody, getJson, sendJson } from '#src/lib/api-client';

const BASE = '/api/staff/catalogue';

const catalogueSchema = async () => (await import('@store/shared/site-content')).staffCatalogueSchema;
const credentials = 'same-origin' as const;

export function getStaffCatalogue(signal?: AbortSignal): Promise<StaffCatalogue> {
  return getJson(BASE, catalogueSchema, { signal, credentials });
}

export function saveItem(version: number, id: number, item: ItemFields): Promise<StaffCatalogue> {
  return sendJson(`${BASE}/items/${id}`, { version, item }, catalogueSchema, { method: 'PUT', credentials });
}

export function createItem(version: number, list: CatalogueList, item: ItemFields): Promise<StaffCatalogue> {
  return sendJson(`${BASE}/items`, { version, list, item }, catalogueSchema, { credentials });
}

export function saveCenter(version: number, id: number, center: CenterFields): Promise<StaffCatalogue> {
  return sendJson(`${BASE}/centers/${id}`, { version, center }, catalogueSchema, { method: 'PUT', credentials });
}

export function createCenter(version: number, center: CenterFields): Promise<StaffCatalogue> {
  return sendJson(`${BASE}/centers`, { version, center }, catalogueSchema, { credentials });
}

export function saveEntity(version: number, key: string, entity: EntityFields): Promise<StaffCatalogue> {
  const path = `${BASE}/entities/${encodeURIComponent(key)}`;
  return sendJson(path, { version, entity }, catalogueSchema, { method: 'PUT', credentials });
}

export function createEntity(version: number, entity: Entity): Promise<StaffCatalogue> {
  return sendJson(`${BASE}/entities`, { version, entity }, catalogueSchema, { credentials });
}

export function saveEvent(version: number, event: SiteEvent): Promise<StaffCatalogue> {
  return sendJson(`${BASE}/event`, { version, event }, catalogueSchema, { method: 'PUT', credentials });
}

/** The file itself is the body (no multipart): the server reads its type from Content-Type. */
export async function uploadImage(file: Blob, type: string): Promise<UploadedImage> {
  const path = `${BASE}/images`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': type, Accept: 'application/json' },
      body: file,
      credentials,
    });
  } catch {
    throw new ApiClientError('The picture could not be sent. Check the connection and try again.');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) throw await errorFromBody(path, response.status, body);
  const { uploadedImageSchema } = await import('@store/shared/site-content');
  const parsed = uploadedImageSchema.safeParse(body);
  if (!parsed.success)
    throw new ApiClientError('The server answered the upload in a way this page does not understand.');
  return parsed.data;
}
