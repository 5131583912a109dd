/** Hands a Blob to the browser as a download: a Blob URL on a temporary `<a download>`, clicked once. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the URL only after the click handler returns: free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
