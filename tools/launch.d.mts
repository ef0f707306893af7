/** Types of tools/launch.mjs (plain JavaScript, so that `npm run batch` and `npm run admin` start without the TypeScript loader). */
export type ToolName = 'batch' | 'admin';
export declare const TOOLS: Record<ToolName, { bundle: string; sources: string; layout: string }>;
export declare function metafileOf(name: ToolName): string;
export declare function inputsFileOf(name: ToolName): string;
export declare function recordBuild(name: ToolName, root?: string): number;
export declare function buildIsFresh(name: ToolName, root?: string): boolean;
export declare function whatRuns(name: ToolName, root?: string): 'build' | 'sources' | null;
