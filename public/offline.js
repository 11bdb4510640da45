// The offline page (public/offline.html): try again, and go back to the page by itself once the network returns.
document.getElementById('retry').addEventListener('click', () => location.reload());

// An `online` event says an interface came up, not that the shop answers (it also comes while a new document's
// network conditions are being set up, which reloaded this page over the member's next navigation): the page
// is reloaded only once a request to the shop is answered. The worker leaves non-navigation requests alone.
addEventListener('online', () => {
  fetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(
    () => location.reload(),
    () => {},
  );
});
