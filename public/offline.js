// The offline page (public/offline.html): try again, and go back to the page by itself once the network returns.
document.getElementById('retry').addEventListener('click', () => location.reload());
addEventListener('online', () => location.reload());
