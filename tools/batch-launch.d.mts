/** Types of tools/batch-launch.mjs (plain JavaScript, so that `npm run batch` starts without the TypeScript loader). */
export declare const METAFILE: string;
export declare const INPUTS_FILE: string;
export declare function recordBuild(root?: string): number;
export declare function buildIsFresh(root?: string): boolean;
