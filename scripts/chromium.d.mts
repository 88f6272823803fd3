export const FULL_CHROMIUM: string;
export const HEADLESS_SHELL: string;
export function executable(file: string): boolean;
export function testBrowser(env?: Record<string, string | undefined>): string;
