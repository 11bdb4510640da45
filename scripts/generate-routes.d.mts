// Types of scripts/generate-routes.mjs for the tests that hold its output current.
export declare const ROUTES_DIR: string;
export declare const PAGE_ROUTES_FILE: string;
export declare function pageRoutes(dir?: string): Array<{ path: string; title?: string; signedIn?: true }>;
export declare function renderPageRoutes(dir?: string): string;
