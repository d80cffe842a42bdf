// Saving a file the portal made (the change history's CSV): a Blob behind a temporary link.

export function saveTextFile(
  fileName: string,
  text: string,
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
