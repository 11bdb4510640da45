/** The shop's own cookies on /api, as handlers and the sign-in limits read and set them (server/http/api.ts makes them). */
export interface ApiCookies {
  get(name: string): string | undefined;
  set(name: string, value: string, maxAgeSeconds: number): void;
}
