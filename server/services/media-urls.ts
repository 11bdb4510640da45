/**
 * Where uploaded files are served (server/http/media-routes.ts): in a module of their own, free of the upload
 * service's dependencies, so what shows pictures (product cards, services/product-pictures.ts) can name them.
 */
export const mediaUrlFor = (id: string) => `/media/upload/${id}`;
/** A picture's resized copy (issue 19), e.g. /media/upload/<id>/w480. */
export const variantUrlFor = (id: string, width: number) => `/media/upload/${id}/w${width}`;
