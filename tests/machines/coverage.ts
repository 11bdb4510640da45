/** Model paths and coverage live in flows/model.ts, shared with `npm run paths` and the flow atlas. */
export * from '../../flows/model.ts';
