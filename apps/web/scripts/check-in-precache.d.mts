/** Types of check-in-precache.mjs, for vite.config.ts. */
type ManifestEntry = { url: string; revision: string | null; size: number };
export function chunkClosure(
  manifest: Record<string, { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }>,
  sources: readonly string[],
  entryLazyAlso?: readonly RegExp[],
): Set<string>;
export function checkInFilesOnly(
  outDir: string,
  checkInPage: string,
): (entries: ManifestEntry[]) => Promise<{ manifest: ManifestEntry[]; warnings: string[] }>;
