/**
 * Reading a QR from the camera where the browser has no BarcodeDetector (Firefox, Safari before 17…): a
 * frame of the video drawn to a canvas and decoded with jsQR. TicketScanner imports this module only then,
 * so jsQR (about 250 kB before minifying) is never in a first load.
 */
import jsQR from 'jsqr';

/** A frame's longest side is scaled down to this: a ticket's QR held to the camera stays readable, and jsQR's time per frame small on a phone. */
const MAX_FRAME_SIDE = 640;

/** The pixels of a picture, as ImageData holds them (RGBA, row by row). */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The text of the QR code in the picture, if jsQR finds one. */
export function qrTextOf(pixels: Pixels): string | undefined {
  // A ticket's QR is dark on light: skipping the inverted pass halves the work per frame.
  const code = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' });
  return code?.data || undefined;
}

/** Reads the QR in the video's current frame; undefined while the video has no picture yet or shows no QR. */
export type FrameReader = (video: HTMLVideoElement) => string | undefined;

/** A reader drawing each frame to one canvas of its own (kept between frames, not a new one each time). */
export function createFrameReader(canvas: HTMLCanvasElement = document.createElement('canvas')): FrameReader {
  // Frames are read back every time: the hint lets the browser keep the canvas in memory rather than on the GPU.
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    const { videoWidth, videoHeight } = video;
    if (!context || videoWidth === 0 || videoHeight === 0) return undefined;
    const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(videoWidth, videoHeight));
    const width = Math.round(videoWidth * scale);
    const height = Math.round(videoHeight * scale);
    if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
    context.drawImage(video, 0, 0, width, height);
    return qrTextOf(context.getImageData(0, 0, width, height));
  };
}
