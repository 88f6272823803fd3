export function dropped(value: string): string[];
export function sourceFileMap(dir?: string): Map<string, string>;
export function classConflicts(files?: Map<string, string>): string[];
