/**
 * The frame's icons (the brand mark, the phone's navigator, Tonight, iOS's Share in the add-to-home banner), drawn rather than written as symbols (◐ ✦ ◷ ❋ ▣ ☾):
 * few fonts have those, so each was drawn from whatever fallback font a device found (unlike from one phone
 * to the next) and, on a page's first layout, the search for that font cost as much layout and paint as the
 * rest of the frame (issue 30). The drawings are index.html's sprite (#icon-…), outside the SPA's root: the
 * server's first paint uses them too, and they cost the first load's script nothing. Sized by the font (1em),
 * coloured by the text (currentColor).
 */
export type FrameIconName = 'brand' | 'home' | 'new-in' | 'events' | 'inspiration' | 'box-set' | 'tonight' | 'share';

export function FrameIcon({ name }: { name: FrameIconName }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
