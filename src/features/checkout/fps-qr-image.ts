/**
 * The FPS QR as a picture the payer can keep. On a phone the QR is shown on the very device that
 * should scan it: banking apps in Hong Kong scan a QR from a saved photo instead ("scan from album"),
 * and a phone saves a PNG to its photos, not an SVG. Where the phone can share files (the Web Share
 * API), the share sheet offers both "Save image" and the banking apps; elsewhere the PNG downloads.
 */

/** Pixels per side: sharp enough for any scanner, small enough to share. */
const PNG_SIZE = 720;
/** White margin around the code, as scanners want a quiet zone (the SVG may bring its own: more is harmless). */
const MARGIN = 48;

/** Draws the QR's SVG onto a white canvas and encodes it as a PNG. */
export async function qrPng(svg: string, size = PNG_SIZE): Promise<Blob> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the QR image');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size, size);
  // Modules stay crisp squares.
  context.imageSmoothingEnabled = false;
  context.drawImage(image, MARGIN, MARGIN, size - 2 * MARGIN, size - 2 * MARGIN);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The QR image could not be made'))), 'image/png'),
  );
}

export type SavedQr = 'shared' | 'downloaded' | 'dismissed';

/** Offers the QR as `FPS-<reference>.png`: through the share sheet where files can be shared, else as a download. */
export async function saveQrImage(svg: string, reference: string, shareTitle: string): Promise<SavedQr> {
  const blob = await qrPng(svg);
  const name = `FPS-${reference}.png`;
  const file = new File([blob], name, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: shareTitle });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'dismissed';
      // Sharing refused (no user gesture left, a policy): fall back to the download.
    }
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy by now; the next task is late enough to let the URL go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return 'downloaded';
}
