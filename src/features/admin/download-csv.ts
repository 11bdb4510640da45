/**
 * Saves a CSV the server wrote as a file. A UTF-8 byte order mark goes first: without it Excel reads the file in
 * the computer's legacy code page, and Chinese names come out as mojibake.
 */
export const UTF8_BOM = '\uFEFF';

export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob([UTF8_BOM, csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the browser still reads it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name of letters, digits, - and _ only (a session id could hold anything a file system refuses). */
export const safeFileName = (name: string): string => name.replace(/[^\w-]+/g, '_');
