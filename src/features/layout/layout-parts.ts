/** The layout parts of spec §2 that each route switches on or off through its staticData. */
export interface LayoutParts {
  addToHomeBanner: boolean;
  topMenuBar: boolean;
  subscriptionBar: boolean;
  footer: boolean;
  floatingButtons: boolean;
  navigator: boolean;
}

export const DEFAULT_LAYOUT: LayoutParts = {
  addToHomeBanner: false,
  topMenuBar: true,
  subscriptionBar: false,
  footer: true,
  floatingButtons: true,
  navigator: true,
};

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    layout?: Partial<LayoutParts>;
    /** Never a target when returning the user after sign-in or verification (spec §2). */
    skipFromRedirect?: boolean;
  }
}
