/**
 * The frame's icons (the brand mark, the phone's navigator), drawn rather than written as symbols (◐ ✦ ◷ ❋ ▣):
 * few fonts have those, so each was drawn from whatever fallback font a device found (unlike from one phone
 * to the next) and, on a page's first layout, the search for that font cost as much layout and paint as the
 * rest of the frame (issue 30). Sized by the font (1em) and coloured by the text (currentColor).
 */
import type { SVGProps } from 'react';

/** A ring with its left half filled. The server's first paint draws the same (server/http/page-markup.ts). */
const BRAND_MARK_PATH = 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zm0 2v14a7 7 0 0 0 0-14z';

function FrameIcon(props: SVGProps<SVGSVGElement>) {
  return <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" {...props} />;
}

export const BrandMarkIcon = () => (
  <FrameIcon>
    <path fill="currentColor" fillRule="evenodd" d={BRAND_MARK_PATH} />
  </FrameIcon>
);

export const HomeIcon = () => (
  <FrameIcon fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
    <path d="M4 10.5 12 4l8 6.5V20h-5.5v-5.5h-5V20H4z" />
  </FrameIcon>
);

export const NewInIcon = () => (
  <FrameIcon>
    <path fill="currentColor" d="M12 3c.7 5.4 3.6 8.3 9 9-5.4.7-8.3 3.6-9 9-.7-5.4-3.6-8.3-9-9 5.4-.7 8.3-3.6 9-9z" />
  </FrameIcon>
);

export const EventsIcon = () => (
  <FrameIcon fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3.5 2" />
  </FrameIcon>
);

export const InspirationIcon = () => (
  <FrameIcon fill="currentColor">
    <ellipse cx="12" cy="12" rx="2.9" ry="9" />
    <ellipse cx="12" cy="12" rx="2.9" ry="9" transform="rotate(60 12 12)" />
    <ellipse cx="12" cy="12" rx="2.9" ry="9" transform="rotate(120 12 12)" />
  </FrameIcon>
);

export const BoxSetIcon = () => (
  <FrameIcon fill="none" stroke="currentColor" strokeWidth="1.8">
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <rect x="8.5" y="8.5" width="7" height="7" rx="1" fill="currentColor" stroke="none" />
  </FrameIcon>
);
