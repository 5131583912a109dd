/**
 * The file name a `Content-Disposition` header suggests: RFC 6266's `filename*=UTF-8''…` first,
 * else `filename="…"` or a bare `filename=…`. Path parts are dropped; null when there is none.
 */
export function contentDispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)'[^']*'([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/
    .exec(header)
    ?.slice(1)
    .find((part) => part !== undefined);
  const base = name?.replace(/\\(.)/g, '$1').split(/[/\\]/).pop()?.trim();
  return base ? base : null;
}
