/**
 * The ids of the JSON documents the server embeds in every HTML page (apps/server/src/plugins/html-pages.ts)
 * and the web reads back. No zod here: the store's first visit reads this module (decision 0020).
 */
export const CATALOGUE_DATA_ID = 'catalogue-data';
