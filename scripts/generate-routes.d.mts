// Types of scripts/generate-routes.mjs for the tests that hold its output current and the build (build/route-chunks.ts).
export declare const ROUTES_DIR: string;
export declare const PAGE_ROUTES_FILE: string;
export declare function pageRoutes(dir?: string): Array<{ path: string; title?: string; signedIn?: true }>;
export declare function renderPageRoutes(dir?: string): string;
export declare function routeSources(dir?: string): Array<{ file: string; id: string; source: string }>;
export declare function pathOfRouteId(id: string): string;
