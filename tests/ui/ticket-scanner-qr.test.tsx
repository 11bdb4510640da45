/**
 * The host's scanner where the browser has no BarcodeDetector (issue 31): the camera's frames are decoded with
 * jsQR (src/features/gatherings/qr-frames.ts). A ticket link drawn as a QR by uqr (as the ticket page draws it)
 * is read back to the link, and, through the scanner, to the ticket's id. jsdom has no camera nor canvas: the
 * stream, the video's size and the canvas's pixels are stand-ins; the decoding is jsQR's own.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encode } from 'uqr';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFrameReader, qrTextOf, type Pixels } from '../../src/features/gatherings/qr-frames.ts';
import { TicketScanner } from '../../src/features/gatherings/TicketScanner.tsx';
import { activateLocale } from '../../src/i18n/i18n.ts';

const TICKET = 'tkt_Xq3vN0pL8sW2cR7yB5mK1A';
const LINK = `https://shop.test/activate_ticket/${TICKET}`;

/** The QR of `text` as RGBA pixels: black modules on white, `scale` pixels each, with a 4-module quiet zone. */
function qrPixels(text: string, scale = 4): Pixels {
  const { data: modules, size } = encode(text, { border: 4 });
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const shade = modules[Math.floor(y / scale)]![Math.floor(x / scale)] ? 0 : 255;
      data.set([shade, shade, shade, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height: width };
}

/** A canvas whose 2D context answers getImageData with `pixels`, whatever was drawn (jsdom draws nothing). */
function canvasShowing(pixels: Pixels | undefined) {
  const drawn: unknown[][] = [];
  const context = {
    drawImage: (...args: unknown[]) => void drawn.push(args),
    getImageData: () => pixels ?? { data: new Uint8ClampedArray(4 * 4 * 4).fill(255), width: 4, height: 4 },
  };
  const canvas = { width: 0, height: 0, getContext: () => context } as unknown as HTMLCanvasElement;
  return { canvas, drawn };
}

const videoOf = (videoWidth: number, videoHeight: number) => ({ videoWidth, videoHeight }) as HTMLVideoElement;

beforeAll(() => activateLocale('en'));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('reading a QR with jsQR', () => {
  it('reads the ticket link from the QR’s pixels, and nothing from a blank picture', () => {
    expect(qrTextOf(qrPixels(LINK))).toBe(LINK);
    expect(qrTextOf({ data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 })).toBeUndefined();
  });

  it('draws the video’s frame to the canvas, scaled down to 640 px at most, and reads its QR', () => {
    const { canvas, drawn } = canvasShowing(qrPixels(LINK));
    const read = createFrameReader(canvas);
    const video = videoOf(1920, 1080);
    expect(read(video)).toBe(LINK);
    expect(drawn).toEqual([[video, 0, 0, 640, 360]]);
    expect([canvas.width, canvas.height]).toEqual([640, 360]);
  });

  it('reads nothing while the video has no picture yet', () => {
    const { canvas, drawn } = canvasShowing(qrPixels(LINK));
    expect(createFrameReader(canvas)(videoOf(0, 0))).toBeUndefined();
    expect(drawn).toEqual([]);
  });
});

describe('the scanner without BarcodeDetector', () => {
  it('offers the camera and checks in the ticket whose QR it shows', async () => {
    const user = userEvent.setup();
    expect('BarcodeDetector' in globalThis).toBe(false);
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia: vi.fn(async () => stream) } }));
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(600);
    const { canvas } = canvasShowing(qrPixels(LINK));
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => canvas.getContext('2d') as never);
    const onTicket = vi.fn();

    render(
      <I18nProvider i18n={i18n}>
        <TicketScanner busy={false} onTicket={onTicket} />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Scan a ticket' }));
    await waitFor(() => expect(onTicket).toHaveBeenCalledWith(TICKET));
    expect(onTicket).toHaveBeenCalledTimes(1);
    // Read, the camera is stopped and the button offers it again.
    await waitFor(() => expect(stop).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Scan a ticket' })).toBeTruthy();
  });
});
