/**
 * Hands a link on: through the phone's share sheet where there is one (a guest's ticket goes to a chat
 * app), else onto the clipboard. What happened comes back, for the button to say it.
 */
export type SharedLink = 'shared' | 'copied' | 'dismissed' | 'failed';

export async function shareLink(link: { url: string; title: string }): Promise<SharedLink> {
  if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') {
    try {
      await navigator.share({ url: link.url, title: link.title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'dismissed';
      // Refused (no user gesture left, a policy): the clipboard instead.
    }
  }
  try {
    await navigator.clipboard.writeText(link.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
