/** Saves a file the portal made or fetched, as the browser saves a download. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
