// The offline page (public/offline.html): try again, and go back to the page by itself once the network returns.
document.getElementById('retry').addEventListener('click', () => location.reload());

// An `online` event says an interface came up, not that the shop answers (it also comes while a new document's
// network conditions are being set up, which reloaded this page over the member's next navigation): the page
// is reloaded only once a request to the shop is answered. The worker leaves non-navigation requests alone.
// The first request after the event can still fail (the connection is not quite back, on a phone or a busy
// machine): ask again, less and less often, while the device says it is online.
let askingAgain;
function reloadOnceAnswered(wait) {
  clearTimeout(askingAgain);
  fetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(
    () => location.reload(),
    () => {
      if (navigator.onLine) askingAgain = setTimeout(() => reloadOnceAnswered(Math.min(wait * 2, 8000)), wait);
    },
  );
}
addEventListener('online', () => reloadOnceAnswered(500));
// The `online` event can come before this script has run (the page painted, the network came back, then the
// script ran): it would be missed, and the page would wait for a tap. Online already: start asking now.
if (navigator.onLine) reloadOnceAnswered(500);
