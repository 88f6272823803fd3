/** Hands a file made in the page (a fetched ZIP, a JSON copy) to the browser as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
