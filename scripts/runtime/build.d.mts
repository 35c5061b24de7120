// Types of build.mjs (plain JavaScript, so building needs no TypeScript loader).
import type { BuildOptions } from "esbuild";

export declare const runtimeDir: string;
export declare const runtimeEntries: Record<"start" | "site" | "site-renderer" | "worker", string>;
export declare function runtimeIsCurrent(root?: string): boolean;
export declare function runtimeBuildOptions(
  root?: string,
): BuildOptions & { entryPoints: Record<string, string>; write: false; metafile: true };
export declare function buildRuntime(root?: string): Promise<void>;
export declare function buildRuntimeIfNeeded(log?: (line: string) => void, root?: string): Promise<void>;
